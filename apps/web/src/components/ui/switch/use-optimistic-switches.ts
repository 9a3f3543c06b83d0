import { useRef, useState } from 'react';

/**
 * On/off settings saved one flag per call: a change shows at once and is sent at once; when the
 * call settles the saved value shows again (after a failure, the unchanged one, and `onFailure`
 * says why). A quicker second click on the same switch wins over the first one's answer.
 */
export function useOptimisticSwitches<Field extends string>(
  saved: Readonly<Record<Field, boolean>>,
  save: (field: Field, value: boolean) => Promise<unknown>,
  onFailure: (error: unknown) => void,
) {
  const [overrides, setOverrides] = useState<Partial<Record<Field, boolean>>>({});
  const generation = useRef<Partial<Record<Field, number>>>({});

  const valueOf = (field: Field): boolean => overrides[field] ?? saved[field];

  const toggle = (field: Field) => {
    const next = !valueOf(field);
    const ticket = (generation.current[field] ?? 0) + 1;
    generation.current[field] = ticket;
    setOverrides((current) => ({ ...current, [field]: next }));
    save(field, next)
      .catch(onFailure)
      .finally(() => {
        if (generation.current[field] !== ticket) return;
        setOverrides((current) => {
          const rest = { ...current };
          delete rest[field];
          return rest;
        });
      });
  };

  return { valueOf, toggle };
}
