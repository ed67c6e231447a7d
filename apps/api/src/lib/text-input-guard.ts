import { type ASTNode, type DocumentNode, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { AppError } from './errors.ts';

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. PostgreSQL cannot
 * store NUL in text at all, and none of these belong in a name, an email or a search.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 surrogate pair without its other half: not text, and not storable as UTF-8. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string may not enter, or null when it may. */
export const textProblem = (value: string): string | null => {
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text';
  return null;
};

type Finding = { path: (string | number)[]; problem: string };

type Step = { value: unknown; key: string | number | null; parent: Step | null };

const pathOf = (step: Step, rootPath: (string | number)[]) => {
  const keys: (string | number)[] = [];
  for (let current: Step | null = step; current && current.key !== null; current = current.parent) keys.push(current.key);
  return [...rootPath, ...keys.reverse()];
};

/**
 * The first refused string in a JSON value (variables), walked with an explicit stack and parent
 * links, so a value nested a hundred thousand levels deep costs neither call stack nor quadratic
 * path copies; the path is built only for the value refused.
 */
export const findInValue = (root: unknown, rootPath: (string | number)[]): Finding | null => {
  const stack: Step[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { value } = step;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path: pathOf(step, rootPath), problem };
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push({ value: value[index], key: index, parent: step });
    } else if (value !== null && typeof value === 'object') {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index -= 1) {
        const key = keys[index] as string;
        const child: Step = { value: (value as Record<string, unknown>)[key], key, parent: step };
        const keyProblem = textProblem(key);
        if (keyProblem) return { path: pathOf(child, rootPath), problem: keyProblem };
        stack.push(child);
      }
    }
  }
  return null;
};

type Ancestry = readonly (ASTNode | readonly ASTNode[])[];

/**
 * Argument and input-field names (and list positions) from the argument down to a node. `visit`
 * hands over the ancestors without the parent, so the parent comes separately.
 */
const argumentPath = (ancestors: Ancestry, parent: ASTNode | readonly ASTNode[] | undefined, node: ASTNode): (string | number)[] | null => {
  const path: (string | number)[] = [];
  let inArgument = false;
  const chain = parent ? [...ancestors, parent, node] : [...ancestors, node];
  for (let index = 0; index < chain.length; index += 1) {
    const item = chain[index];
    if (!item || Array.isArray(item)) continue;
    const current = item as ASTNode;
    if (current.kind === Kind.ARGUMENT) {
      path.length = 0;
      path.push(current.name.value);
      inArgument = true;
    } else if (current.kind === Kind.VARIABLE_DEFINITION) {
      path.length = 0;
      path.push(current.variable.name.value);
      inArgument = true;
    } else if (current.kind === Kind.OBJECT_FIELD && inArgument) {
      path.push(current.name.value);
    } else if (current.kind === Kind.LIST && inArgument) {
      const next = chain[index + 2];
      const list = chain[index + 1];
      if (Array.isArray(list) && next && !Array.isArray(next)) path.push(list.indexOf(next as never));
    }
  }
  return inArgument ? path : null;
};

/** Where each variable is used: the argument path of its first use, e.g. `$i` → ['input']. */
const variableUses = (document: DocumentNode) => {
  const uses = new Map<string, (string | number)[]>();
  visit(document, {
    Variable: (node, _key, parent, _path, ancestors) => {
      if (uses.has(node.name.value)) return;
      const path = argumentPath(ancestors, parent, node);
      const inDefinition = [...ancestors, parent].some((a) => a && !Array.isArray(a) && (a as ASTNode).kind === Kind.VARIABLE_DEFINITION);
      if (path && !inDefinition) {
        uses.set(node.name.value, path);
      }
    },
  });
  return uses;
};

/** The first refused string written into the document itself (arguments, defaults, directives). */
const findInDocument = (document: DocumentNode): Finding | null => {
  let found: Finding | null = null;
  visit(document, {
    StringValue: (node, _key, parent, _path, ancestors) => {
      if (found) return;
      const problem = textProblem(node.value);
      if (problem) found = { path: argumentPath(ancestors, parent, node) ?? [], problem };
    },
  });
  return found;
};

const refuse = ({ path, problem }: Finding) => {
  const field = path.map(String).join('.');
  return new AppError('VALIDATION_FAILED', `${field || 'A value'} ${problem}.`, { field: field || undefined, details: { path } });
};

/**
 * Refuses control characters (and broken Unicode) wherever text enters the API: every string in
 * the variables, used or not, and every string literal in the document, before anything executes.
 * One place for every operation, so no resolver or SQL statement ever sees such a value, and the
 * error names the argument path (`input.email`) like any other VALIDATION_FAILED.
 */
export const useTextInputGuard = (): Plugin => {
  const check = (document: DocumentNode, variables: unknown): AppError | null => {
    const inDocument = findInDocument(document);
    if (inDocument) return refuse(inDocument);
    if (variables === null || typeof variables !== 'object') return null;
    const uses = variableUses(document);
    for (const [name, value] of Object.entries(variables as Record<string, unknown>)) {
      const finding = findInValue(value, uses.get(name) ?? [name]);
      if (finding) return refuse(finding);
    }
    return null;
  };
  return {
    onExecute: ({ args, setResultAndStopExecution }) => {
      const error = check(args.document, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe: ({ args, setResultAndStopExecution }) => {
      const error = check(args.document, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
};
