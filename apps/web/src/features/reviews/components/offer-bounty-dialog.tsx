import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBountyBodySchema } from '@symposia/shared';
import { schemaProblemsOf } from '@/components/post-fields/field-errors';
import { FormDialog } from '@/components/ui/form-dialog/form-dialog';
import { TextField } from '@/components/ui/form/text-field';
import { RadioCards } from '@/components/ui/radio-cards/radio-cards';
import { notify } from '@/components/ui/toast/toast';
import { ApiError, type FieldError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-store';
import { localizedDetail, localizeMessage } from '@/lib/localize-message';
import { toUnits } from '@/lib/token-amount';
import { useOfferBounty } from '../api/offer-bounty';

type OfferBountyDialogProps = {
  postId: string;
  onClose: () => void;
};

type Fields = { amount: string; deadline: string; max_awards: string; from_pool: boolean };
const FIELD_NAMES: readonly (keyof Fields)[] = ['amount', 'deadline', 'max_awards', 'from_pool'];

/**
 * "Offer a bounty" (issue 29): an amount of tokens, an optional deadline and how many reviews it
 * rewards. The shared contract is checked first; a 422 shows under the field it names.
 */
export function OfferBountyDialog({ postId, onClose }: OfferBountyDialogProps) {
  const { t } = useTranslation('reviews');
  // Moderators may pay it from the operator's reward pool instead of their own balance.
  const moderator = useAuth().user?.role === 'moderator';
  const [fields, setFields] = useState<Fields>({
    amount: '',
    deadline: '',
    max_awards: '',
    from_pool: false,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, FieldError>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const offer = useOfferBounty(postId);

  const showProblems = (problems: readonly FieldError[]) => {
    const next: Partial<Record<keyof Fields, FieldError>> = {};
    const other: string[] = [];
    for (const problem of problems) {
      const name = FIELD_NAMES.find((field) => field === problem.field);
      if (name) next[name] ??= problem;
      else other.push(`${problem.field}: ${localizeMessage(problem.message, problem)}`);
    }
    setErrors(next);
    return other;
  };

  const submit = () => {
    // Typed in tokens, sent in the token's smallest unit.
    const units = toUnits(fields.amount);
    if (units === null || units < 1n) {
      showProblems([{ field: 'amount', message: t('bounty.amountInvalid') }]);
      setFailure(null);
      return;
    }
    const checked = createBountyBodySchema.safeParse({
      amount: units.toString(),
      // A datetime-local value is the reader's own time: sent as an instant.
      deadline: fields.deadline ? new Date(fields.deadline).toISOString() : undefined,
      max_awards: fields.max_awards ? Number(fields.max_awards) : undefined,
      from_pool: fields.from_pool || undefined,
    });
    if (!checked.success) {
      const other = showProblems(schemaProblemsOf(checked.error));
      setFailure(other.length ? other.join(' ') : null);
      return;
    }
    showProblems([]);
    setFailure(null);
    offer.mutate(checked.data, {
      onSuccess: () => {
        notify.success(t('bounty.offered'));
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return;
        const other = error instanceof ApiError ? showProblems(error.errors) : [];
        const named = error instanceof ApiError && error.errors.length > other.length;
        setFailure(
          [t('bounty.failed'), named ? '' : localizedDetail(error), ...other]
            .filter(Boolean)
            .join(' '),
        );
      },
    });
  };

  const change = <K extends keyof Fields>(name: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const shown = (name: keyof Fields) => {
    const problem = errors[name];
    return problem ? localizeMessage(problem.message, problem) : undefined;
  };

  return (
    <FormDialog
      title={t('bounty.title')}
      description={<p>{t('bounty.description')}</p>}
      submitLabel={t('bounty.submit')}
      pendingLabel={t('bounty.submitting')}
      pending={offer.isPending}
      failure={failure}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField
        label={t('bounty.amount')}
        inputMode="decimal"
        value={fields.amount}
        error={shown('amount')}
        onChange={(event) => change('amount', event.target.value)}
      />
      <TextField
        label={t('bounty.deadline')}
        type="datetime-local"
        optional
        hint={t('bounty.deadlineHint')}
        value={fields.deadline}
        error={shown('deadline')}
        onChange={(event) => change('deadline', event.target.value)}
      />
      <TextField
        label={t('bounty.maxAwards')}
        type="number"
        min={1}
        optional
        value={fields.max_awards}
        error={shown('max_awards')}
        onChange={(event) => change('max_awards', event.target.value)}
      />
      {moderator ? (
        <RadioCards
          legend={t('bounty.paidFrom')}
          options={[
            { value: 'balance', label: t('bounty.fromBalance') },
            { value: 'pool', label: t('bounty.fromPool') },
          ]}
          value={fields.from_pool ? 'pool' : 'balance'}
          onChange={(value) => change('from_pool', value === 'pool')}
          error={shown('from_pool')}
        />
      ) : null}
    </FormDialog>
  );
}
