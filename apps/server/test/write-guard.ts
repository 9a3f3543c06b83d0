import type {
  AliasNode,
  ColumnNode,
  ColumnUpdateNode,
  DeleteQueryNode,
  InsertQueryNode,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RawNode,
  RootOperationNode,
  TableNode,
  UnknownRow,
  UpdateQueryNode,
} from 'kysely';
import type { WriteChange } from '../src/services/after-write.js';

/** The subjects of a change (services/after-write.ts), by the key that names them. */
export type Subject = Exclude<keyof WriteChange, 'files' | 'notificationsAbout'>;

/**
 * Which subjects of a change cover a write to a content table: a write there must be followed,
 * in the same service call, by an after-write step naming one of them. A count column moves with
 * what it counts (posts.likes with a like, posts.comments with a comment), a post's deletion may
 * reach its comments and likes, and a rename the search text of the member's posts.
 *
 * Left out on purpose: tables no cache keeps and no stream watches (reports, moderation_log:
 * read uncached by the moderators and the reporter; sessions, jobs, uploads, files, blocks,
 * rewards, the ledger), notifications only marked read (notification-service.ts tells the
 * member's streams itself), and follows (issue 30: the following feed and a profile's counts are
 * read uncached; post_follower_notices is written with the notifications it records, which
 * `notify` covers).
 */
const COVERED_BY: Record<string, readonly Subject[]> = {
  posts: ['posts', 'comments', 'likeCounts'],
  post_files: ['posts'],
  post_revisions: ['posts'],
  // The search text carries the author's name too.
  post_search: ['posts', 'profiles'],
  post_search_fts: ['posts', 'profiles'],
  post_related: ['posts'],
  comments: ['comments', 'likeCounts', 'posts'],
  post_likes: ['likeCounts', 'posts'],
  comment_likes: ['likeCounts', 'comments', 'posts'],
  // Peer review (issue 29): read with their post (its detail, the forum's status, its reviews).
  reviews: ['posts'],
  review_versions: ['posts'],
  review_responses: ['posts'],
  review_helpful: ['posts'],
  // The levels members are shown are kept until a trust run moves them (issue 31).
  user_trust: ['trustLevels'],
};

/** Columns of `users` that readers see on posts and comments (profile-service.ts; the ORCID iD on citations). */
const PROFILE_COLUMNS = new Set(['username', 'username_lower', 'avatar', 'orcid']);

export interface RecordedWrite {
  statement: 'insert' | 'update' | 'delete';
  table: string;
  /** The columns an update sets (unknown for some raw SQL). */
  columns: string[];
}

/** The subjects that cover this write, or null when it needs no after-write step. */
export function subjectsFor(write: RecordedWrite): readonly Subject[] | null {
  const covered = COVERED_BY[write.table];
  if (covered) return covered;
  if (write.table === 'users' && write.statement === 'update') {
    if (write.columns.some((column) => PROFILE_COLUMNS.has(column))) return ['profiles'];
    if (write.columns.includes('suspended_until')) return ['sessionsEnded'];
  }
  // A new notification must reach its recipient's live stream.
  if (write.table === 'notifications' && write.statement === 'insert') return ['notify'];
  return null;
}

function nameOf(node: OperationNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'TableNode') return (node as TableNode).table.identifier.name;
  if (node.kind === 'AliasNode') return nameOf((node as AliasNode).node);
  return undefined;
}

function columnOf(node: OperationNode): string {
  return node.kind === 'ColumnNode' ? (node as ColumnNode).column.name : '?';
}

/** A raw statement's text, its table parameters (`sql.table(...)`) written in. */
function rawText(node: RawNode): string {
  return node.sqlFragments
    .map((fragment, index) => {
      const parameter = node.parameters[index];
      return fragment + (parameter ? (nameOf(parameter) ?? '?') : '');
    })
    .join('');
}

const RAW_WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert\s+into|update|delete\s+from)\s+"?(\w+)"?/i;

/** The write a statement makes, if it writes. */
export function writeOf(node: RootOperationNode): RecordedWrite | null {
  switch (node.kind) {
    case 'InsertQueryNode': {
      const table = nameOf((node as InsertQueryNode).into);
      return table ? { statement: 'insert', table, columns: [] } : null;
    }
    case 'UpdateQueryNode': {
      const update = node as UpdateQueryNode;
      const table = nameOf(update.table);
      const columns = (update.updates ?? []).map((set: ColumnUpdateNode) => columnOf(set.column));
      return table ? { statement: 'update', table, columns } : null;
    }
    case 'DeleteQueryNode': {
      const table = nameOf((node as DeleteQueryNode).from.froms[0]);
      return table ? { statement: 'delete', table, columns: [] } : null;
    }
    case 'RawNode': {
      const text = rawText(node as RawNode);
      const match = RAW_WRITE.exec(text);
      if (!match) return null;
      const verb = (match[1] as string).toLowerCase();
      const statement = verb.startsWith('insert')
        ? 'insert'
        : verb === 'update'
          ? 'update'
          : 'delete';
      const set = /\bset\b([\s\S]*?)(?:\bwhere\b|$)/i.exec(text)?.[1] ?? '';
      const columns = [...set.matchAll(/"?(\w+)"?\s*=/g)].map((found) => found[1] as string);
      return { statement, table: match[2] as string, columns };
    }
    default:
      return null;
  }
}

type Event = { write: RecordedWrite } | { change: WriteChange };

/** A service call that broke the rule, and how. */
export interface Violation {
  call: string;
  write: RecordedWrite;
  expected: readonly Subject[];
}

const named = (change: WriteChange, subject: Subject): boolean => {
  const value = change[subject];
  if (value === undefined) return false;
  return Array.isArray(value) ? value.length > 0 : true;
};

/**
 * Watches service calls: the database writes they make (a Kysely plugin on the repositories'
 * database, recording every INSERT, UPDATE and DELETE, raw SQL included) and the after-write
 * steps they take (`observe`, given to createServices as `observeWrites`). A call breaks the rule
 * when a content table it wrote is not followed, in the same call, by a step naming a subject
 * that covers it. Calls run one at a time (the test awaits each).
 *
 * A query compiled once and run again (repositories/precompiled.ts) is seen at its compilation
 * only; no write is precompiled today.
 */
export function createWriteGuard() {
  let current: { name: string; events: Event[] } | null = null;
  const violations: Violation[] = [];
  /** Each call that wrote a content table, by name (to show the scenario reached them). */
  const writers = new Set<string>();

  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      const write = writeOf(node);
      if (write && current) current.events.push({ write });
      return node;
    },
    async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return result;
    },
  };

  function check(call: { name: string; events: Event[] }): void {
    call.events.forEach((event, index) => {
      if (!('write' in event)) return;
      const expected = subjectsFor(event.write);
      if (expected === null) return;
      writers.add(call.name);
      const later = call.events.slice(index + 1);
      const told = later.some(
        (next) => 'change' in next && expected.some((subject) => named(next.change, subject)),
      );
      if (!told) violations.push({ call: call.name, write: event.write, expected });
    });
  }

  async function run<T>(name: string, body: () => Promise<T>): Promise<T> {
    // A call inside a watched call (one service using another) belongs to the outer one.
    if (current) return body();
    const call = { name, events: [] as Event[] };
    current = call;
    try {
      return await body();
    } finally {
      current = null;
      check(call);
    }
  }

  return {
    plugin,
    observe(change: WriteChange): void {
      current?.events.push({ change });
    },
    /** Every method of each service, watched as a call named `service.method`. */
    watch<S extends Record<string, object>>(services: S): S {
      const watched: Record<string, object> = {};
      for (const [serviceName, service] of Object.entries(services)) {
        const methods: Record<string, unknown> = {};
        for (const [methodName, method] of Object.entries(service)) {
          methods[methodName] =
            typeof method === 'function'
              ? (...args: unknown[]) =>
                  run(`${serviceName}.${methodName}`, async () =>
                    (method as (...a: unknown[]) => unknown).apply(service, args),
                  )
              : method;
        }
        watched[serviceName] = methods;
      }
      return watched as S;
    },
    violations,
    writers,
  };
}
