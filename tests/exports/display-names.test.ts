import { describe, expect, it } from 'vitest';
import * as root from '../../src';

// One displayName convention: every component the package exports names itself '@ccq/forms-admin/<Name>'
// in React DevTools and error stacks, whatever way it was written (function, memo, Mantine factory).
describe('displayName of the exported components', () => {
  // Components: capitalised functions (error classes aside) and memo/forwardRef objects.
  const components = Object.entries(root).filter(
    ([name, value]) =>
      /^[A-Z][a-z]/.test(name) &&
      ((typeof value === 'function' && !((value as { prototype?: unknown }).prototype instanceof Error)) ||
        (typeof value === 'object' && value !== null && '$$typeof' in value)),
  );

  it('finds the components', () => {
    expect(components.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Can', 'RequireAuth', 'AuthProvider', 'RoleManagement', 'UserRoleManagement', 'FormRenderer', 'EffectivePermissionsPanel']),
    );
  });

  it("is '@ccq/forms-admin/<Name>' for each", () => {
    const wrong = components
      .map(([name, value]) => [name, (value as { displayName?: string }).displayName] as const)
      .filter(([, displayName]) => !displayName?.startsWith('@ccq/forms-admin/'));
    expect(wrong).toEqual([]);
  });
});
