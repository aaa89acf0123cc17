import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AuditTargetType, AuthorityPath, ResourceContract, RouteId, RuleResult } from '@portal/shared';
import type { RequestOptions } from '../api/api-client';

/**
 * A console resource declared as data (ARCHITECTURE, "Examples to follow": refine's resources,
 * Skyline's actions, without Skyline's base classes). The generic list, detail, action and tag
 * components render a declaration; a resource page is mostly its declaration.
 *
 * Texts follow a convention in the resource's namespace, so a declaration names few keys:
 * `list.title`, `list.subtitle`, `list.search`, `list.empty`, `fields.<column or field id>`,
 * `actions.<action id>`, `dialogs.<action id>.title|body` (with `{{name}}`, and `{{count}}` for
 * a bulk run), `toasts.<action id>` and `tabs.<tab id>`.
 */
export interface ResourceDefinition<T>
  extends ResourceIdentity<T>, Omit<ListDefinition<T>, keyof ResourceIdentity<T>> {
  /** Actions of the list itself, not of a row (attach a disk to the VM whose tab shows the list). */
  listActions?: KitListAction[];
  /** A row the cloud is working on: the page polls while any shown row is busy. */
  busy: (row: T) => boolean;
  /** The resource has tags (`/tags/...`): a tags tab and a tags row action come with it. */
  tags?: boolean;
  detail?: { fields: KitField<T>[]; tabs?: KitTab<T>[] };
  /**
   * The type the API's audit records give the resource (its declaration's name): the detail page
   * links to the audit log filtered to the row (`id`), for users holding iam/audit.
   */
  auditTarget?: AuditTargetType;
  /** The create page's content: the resource's form. */
  createForm?: ComponentType;
  /**
   * Create in a dialog over the list instead of a page (a bucket wants a name and a switch): the
   * list's create button opens it; it closes itself, or goes to what it made.
   */
  createDialog?: ComponentType<{ onClose: () => void }>;
  /** The edit page's content (route `routes.edit`, `/editX/:id`): the form, given the row loaded. */
  editForm?: ComponentType<{ row: T }>;
  /**
   * Pages of other route ids this chunk serves besides list, create, detail and edit (a VM made
   * from a snapshot is the VM form's work, whatever the menu it sits under).
   */
  extraPages?: Record<string, ComponentType>;
}

/** Who a resource is: enough for its forms to create one and go to it. */
export interface ResourceIdentity<T> {
  /** Short name: test ids (`vm-table`, `vm-start-<id>`) and the related-resource registry key. */
  name: string;
  /** The i18n namespace of the resource's texts. */
  namespace: string;
  /** The API base path (`/vms`); its last segment is the tag type. */
  base: string;
  id: (row: T) => string;
  /** The row's name as people know it, for dialogs, links and bulk results. */
  title: (row: T) => string;
  /** Route ids of the shared route table. */
  routes: { list: RouteId; create?: RouteId; detail?: RouteId; edit?: RouteId };
  /** Where a row just created is shown: its detail page, else the list, unless this says. */
  createdPath?: (row: T) => string;
  /** Authority paths: the pages need `view`; changes (actions, create, tags) need `manage`. */
  authority: { view: AuthorityPath; manage: AuthorityPath };
  /**
   * The shared contract it was declared from (`identityOf`): an action named after one of the
   * contract's changes (`delete`, or a row action such as `link`) calls it when it declares no `run`.
   */
  contract?: ResourceContract;
  /**
   * API bases of other resources whose rows a change of this one alters (a snapshot's restore
   * holds its VM): their queries are asked again after it, as the resource's own are.
   */
  affects?: readonly string[];
}

/** What running actions on rows needs: the texts' namespace, the rows' names, what a change makes stale. */
export type ActionSubject<T> = Pick<ResourceIdentity<T>, 'namespace' | 'base' | 'title' | 'affects'> &
  Partial<Pick<ResourceIdentity<T>, 'contract' | 'id'>>;

/**
 * What selecting a list's rows needs: a declared resource, or a page's own list (IAM users, orders)
 * that names its rows, test ids and the authority its changes need.
 */
export type ListSubject<T> = ActionSubject<T> &
  Pick<ResourceIdentity<T>, 'name' | 'id'> & { authority: { manage: ActionAuthority } };

/**
 * A staff list's changes: the operations console's session decides them, never a customer's
 * authority tree, so no customer holds it.
 */
export const STAFF_ONLY = 'ops' as const;

/**
 * What an action needs: a path of the customer's authority tree, the staff console's session, or
 * (`undefined`) only a signed-in user, for a list of the user's own (their API keys).
 */
export type ActionAuthority = AuthorityPath | typeof STAFF_ONLY | undefined;

/**
 * A list as data, whatever serves its rows: a declared resource's `/api/<type>`, or a page's own
 * call (IAM users, orders, the audit log, a staff list). The kit's list (`ListView`) draws it:
 * the filter bar, server paging and sort, selection, the row's actions, the phone's columns.
 */
export interface ListDefinition<T> extends ListSubject<T> {
  columns: KitColumn<T>[];
  filters?: KitFilter[];
  /** A free-text search box (the API's `search`), labelled `list.search` or the key given. */
  search?: boolean | { label: string };
  actions?: KitAction<T>[];
  /** Rows can be ticked: the bar's bulk actions and the selection as CSV (true by default). */
  selectable?: boolean;
  /** Rows per page while the address names none; the kit's default (10) otherwise. */
  pageSize?: number;
  /** The row's own attributes (`data-testid`, `data-*`), for a list whose journeys find rows by them. */
  rowAttributes?: (row: T) => Record<string, string>;
  /** The row in its actions' test ids (`iam-lock-<account>`); `id` by default. */
  testKey?: (row: T) => string;
}

/** What a cell renderer may need besides the row. */
export interface CellContext {
  t: TFunction;
  language: string;
  /** Narrow screen (< 600 px): a cell may gather what the dropped columns showed. */
  phone: boolean;
  /** Below 1,200 px, where the `from: 'lg'` columns give way: a cell may gather what they showed. */
  compact?: boolean;
}

export interface KitColumn<T> {
  /** The field shown and, when sortable, the API's `sort` value. */
  id: string;
  /** Label key in the resource's namespace; `fields.<id>` by default. */
  label?: string;
  cell?: (row: T, ctx: CellContext) => ReactNode;
  /** The cell as plain text, for the CSV export; the field's value by default. */
  text?: (row: T, ctx: CellContext) => string;
  sortable?: boolean;
  /**
   * Kept on a phone (< 600 px); other columns give way so the table never scrolls sideways.
   * `'only'`: the phone's own column, one stacked cell gathering the row, not shown wider.
   */
  phone?: boolean | 'only';
  /** A shorter label key for a phone's narrow header. */
  phoneLabel?: string;
  /**
   * Shown only from this screen width up (MUI breakpoints: lg 1,200 px, xl 1,536 px): a column
   * of less use gives way on a laptop, so the rest fit without scrolling sideways.
   */
  from?: 'lg' | 'xl';
  /** Kept on one line on wider screens (names, dates); a phone wraps everything. */
  nowrap?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /**
   * Left out when the page around the list fixes this filter: a VM's storage tab (`vmUuid`) has
   * no use for a "VM" column that repeats the VM on every row.
   */
  hiddenWhenFixed?: string;
}

export interface FilterOption {
  value: string;
  label: string;
}

interface FilterBase {
  /** The query parameter of the API, kept in the address under the same name. */
  id: string;
  /** Label key in the list's namespace; `fields.<id>` by default. */
  label?: string;
  /** Not offered when the page fixes this filter (a VM's disks need no "attached" choice). */
  hiddenWhenFixed?: string;
  /** The field's test id; `<list>-filter-<id>` by default. */
  testId?: string;
}

/**
 * A choice among values: a field of the bar, or tabs over the list (`tabs`). Options have the
 * test ids `<list>-<id>-option-<value>` (tabs `<list>-tab-<value>`, the empty one `all`).
 */
export interface SelectFilter extends FilterBase {
  kind?: 'select' | 'tabs';
  /** Fixed choices (statuses, types). */
  options?: (t: TFunction) => FilterOption[];
  /** Choices loaded from the API (VPCs): a hook, called by the filter's own component. */
  useOptions?: () => FilterOption[];
  /**
   * The empty choice's label key (every value): `resource:list.allValues` by default. `false`:
   * no empty choice; the first option is what an empty filter means (the API's default).
   */
  all?: string | false;
}

/** Free text (part of an id), sent a moment after typing stops. */
export interface TextFilter extends FilterBase {
  kind: 'text';
  /** Placeholder key in the list's namespace. */
  placeholder?: string;
}

/**
 * A range of days (`date`) or of the reader's local times (`datetime-local`), in the address as
 * `from` and `to` as typed; the page's call turns them into what its API takes. A start after the
 * end is said under "to", and the list asks nothing meanwhile (`ListControls.valid`).
 */
export interface RangeFilter extends Omit<FilterBase, 'label'> {
  kind: 'range';
  type: 'date' | 'datetime-local';
  /** Label keys of the two ends. */
  labels: { from: string; to: string };
}

/** A list filter, kept in the page's address. */
export type KitFilter = SelectFilter | TextFilter | RangeFilter;

/** The address keys of a filter: a range has two. */
export const filterKeys = (f: KitFilter): string[] => (f.kind === 'range' ? ['from', 'to'] : [f.id]);

/** The props of an action's own dialog: it asks for the action's input and submits it. */
export interface ActionDialogProps<T, I> {
  /** One row, or the selection of a bulk run. */
  rows: T[];
  /**
   * Runs the action with the input. For one row it rejects with the call's error, so the dialog
   * can put a 400's field problems on its fields; a bulk run reports per row and resolves.
   */
  onSubmit: (input: I) => Promise<void>;
  onCancel: () => void;
  /**
   * The dialog made the change itself, in one call for all its rows (protect them all with the
   * default rule): it closes, the resource is asked again and a selection ends, as after a run.
   */
  onDone: () => void;
}

/** How an action asks before it runs. */
export type ActionConfirm<T, I> = 'confirm' | 'password' | ComponentType<ActionDialogProps<T, I>>;

export interface KitAction<T, I = unknown> {
  id: string;
  /** Label key in the resource's namespace; `actions.<id>` by default. */
  label?: string;
  icon: ReactNode;
  /** Authority path the action needs; the resource's `manage` by default. */
  authority?: AuthorityPath;
  /** The shared rule: `true`, or the error code the server would refuse with (shown as the reason). */
  allowed?: (row: T) => RuleResult;
  /**
   * Whether a row shows the action at all (unlock on a locked user only); a selection still
   * offers it to every row the rule allows, where it changes nothing or is skipped.
   */
  shown?: (row: T) => boolean;
  /** Nothing (runs at once), a confirmation, the login password (input `{ currentPassword }`), or a dialog. */
  confirm?: ActionConfirm<T, I>;
  /** Words the confirmation's title and body take besides `name`, `count` and `action`. */
  dialogValues?: (rows: T[], language: string) => Record<string, unknown>;
  /**
   * The confirmation's body is a warning (`<namespace>-<id>-warning`): what it loses is lost for
   * good. Its dialog waits for the answer, and stays on a refusal, to be cancelled or tried again.
   */
  warning?: boolean;
  /**
   * The call. `options` carries `handleErrors` during a bulk run, which reports per row. Without
   * it, an action named after a change of the resource's contract makes that change (contract-call.ts).
   */
  run?: (row: T, input: I, options: RequestOptions) => Promise<unknown>;
  /** Instead of a call, a page to go to (edit the row, make something from it). */
  link?: (row: T) => string;
  destructive?: boolean;
  /**
   * Offered for a selection of rows too, run row by row; `'only'`: for a selection only, the row
   * having a control of its own (an order's cancel, with the reason and a way to support).
   */
  bulk?: boolean | 'only';
  /** Shown as a button on a wide row; other actions sit in the row's menu. */
  primary?: boolean;
  /** After it succeeds on the detail page, go back to the list (the row is going away). */
  leavesDetail?: boolean;
}

/** An action that belongs to the list (given the list's fixed filters), with its own dialog. */
export interface KitListAction {
  id: string;
  label?: string;
  icon: ReactNode;
  authority?: AuthorityPath;
  /** Shown only for these fixed filters (attach-to-this-VM needs `vmUuid`). */
  visible?: (fixed: Readonly<Record<string, string>>) => boolean;
  dialog: ComponentType<{ fixed: Readonly<Record<string, string>>; onClose: () => void }>;
}

export interface KitField<T> {
  id: string;
  /** Label key in the resource's namespace; `fields.<id>` by default. */
  label?: string;
  value: (row: T, ctx: CellContext) => ReactNode;
}

/**
 * A detail tab: its own content, or another resource's list filtered by this row (a VM's storage
 * tab is the disk list with `vmUuid`). `related` names a resource of the registry (registry.ts).
 */
export interface KitTab<T> {
  id: string;
  /** Authority the tab needs besides the page's (the related resource's view). */
  authority?: AuthorityPath;
  render?: (row: T) => ReactNode;
  related?: { resource: string; filter: (row: T) => Record<string, string> };
}

/**
 * Declares an action with its own input type. Actions of one resource take different inputs, so
 * the declaration's list holds them as `KitAction<T>`; the kit hands each its own dialog's input.
 */
export function defineAction<T, I>(action: KitAction<T, I>): KitAction<T> {
  return action as unknown as KitAction<T>;
}

/** Label keys by convention. */
export const columnLabel = (c: { id: string; label?: string }) => c.label ?? `fields.${c.id}`;
export const actionLabel = (a: { id: string; label?: string }) => a.label ?? `actions.${a.id}`;

/** A list of any row type, for the parts of the kit that never touch a row (the filter bar). */
// Rows appear only as parameters, so every declaration is assignable to this one.
export type AnyList = ListDefinition<never>;
