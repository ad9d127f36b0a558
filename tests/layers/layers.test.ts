// @vitest-environment node
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layer rules of eslint.layers.js, proved on probe files: a wrong import fails lint, a right one passes.
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layer rules', () => {
  it.each([
    ['src/api/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['src/api/probe.ts', "import { useApi } from '../query/APIProvider';\nexport const x = useApi;\n"],
    ['src/domain/probe.ts', "import { createApiClient } from '../api/client';\nexport const x = createApiClient;\n"],
    ['src/domain/probe.ts', "import { Permission } from '../api/enums';\nexport const x = Permission;\n"],
    ['src/domain/forms/probe.ts', "import type { Form } from '../../api/types';\nexport type X = Form;\n"],
    ['src/engine/probe.ts', "import { parsePointer } from '../domain/json-pointer';\nexport const x = parsePointer;\n"],
    ['src/engine/probe.ts', "import type { FormSchema } from '../api/types';\nexport type X = FormSchema;\n"],
    ['src/contract/probe.ts', "import { satisfies } from '../domain/access';\nexport const x = satisfies;\n"],
    ['src/contract/probe.ts', "import { checkFormDraft } from '../engine';\nexport const x = checkFormDraft;\n"],
    ['src/contract/probe.ts', "import { ApiError } from '../api/errors';\nexport const x = ApiError;\n"],
    ['src/service/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['src/service/probe.ts', "import { Hono } from 'hono';\nexport const x = Hono;\n"],
    ['src/service/probe.ts', "import { eq } from 'drizzle-orm';\nexport const x = eq;\n"],
    ['src/service/probe.ts', "import { createApiClient } from '../api/client';\nexport const x = createApiClient;\n"],
    ['src/service/probe.ts', "import { createFakeBackend } from '../testing/backend';\nexport const x = createFakeBackend;\n"],
    ['src/service/probe.ts', "import { createApp } from '../../example-host/server/app';\nexport const x = createApp;\n"],
    ['src/domain/probe.ts', "import { changeClaims } from '../service/claims';\nexport const x = changeClaims;\n"],
    ['src/domain/probe.ts', "import { Button } from '@mantine/core';\nexport const x = Button;\n"],
    ['src/engine/probe.ts', "import { useApi } from '../query/APIProvider';\nexport const x = useApi;\n"],
    ['src/query/probe.ts', "import { RoleManagement } from '../admin/RoleManagement/RoleManagement';\nexport const x = RoleManagement;\n"],
    ['src/auth/probe.ts', "import { RoleManagement } from '../admin/RoleManagement/RoleManagement';\nexport const x = RoleManagement;\n"],
    ['src/ui/probe.ts', "import { useCan } from '../permissions/useCan';\nexport const x = useCan;\n"],
    ['src/ui/probe.ts', "import { useAuth } from '../auth/AuthProvider';\nexport const x = useAuth;\n"],
    ['src/forms/probe.ts', "import { RoleManagement } from '../admin/RoleManagement/RoleManagement';\nexport const x = RoleManagement;\n"],
    ['src/viewer.ts', "export { RoleManagement } from './admin/RoleManagement/RoleManagement';\n"],
    ['src/viewer.ts', "export { createFakeBackend } from './testing/backend';\n"],
    ['src/viewer/probe.tsx', "import { RoleManagement } from '../admin/RoleManagement/RoleManagement';\nexport const x = RoleManagement;\n"],
    ['src/viewer/probe.tsx', "import { createFakeBackend } from '../testing/backend';\nexport const x = createFakeBackend;\n"],
    ['src/viewer/probe.tsx', "import { createApp } from '../../example-host/server/app';\nexport const x = createApp;\n"],
    ['src/admin/probe.ts', "import { createFakeBackend } from '../testing/backend';\nexport const x = createFakeBackend;\n"],
    ['src/signing/probe.tsx', "import { SigningList } from '../forms-admin/SigningList';\nexport const x = SigningList;\n"],
    ['src/admin/probe.ts', "import { renderWithProviders } from '../../tests/support/render';\nexport const x = renderWithProviders;\n"],
    ['src/testing/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n"],
    ['example-host/server/probe.ts', "import { useApi } from '../../src/query/APIProvider';\nexport const x = useApi;\n"],
    ['example-host/server/probe.ts', "import { createFakeBackend } from '../../src/testing/backend';\nexport const x = createFakeBackend;\n"],
  ])('%s may not: %s', async (file, code) => {
    expect(await restricted(file, code)).not.toEqual([]);
  });

  it.each([
    ['src/domain/probe.ts', "import { Permission } from '../contract/enums';\nexport const x = Permission;\n"],
    ['src/domain/forms/probe.ts', "import { getAt } from '../../contract/json-pointer';\nexport const x = getAt;\n"],
    ['src/engine/probe.ts', "import { parsePointer } from '../contract/json-pointer';\nexport const x = parsePointer;\n"],
    ['src/contract/probe.ts', "import { Permission } from './enums';\nexport const x = Permission;\n"],
    ['src/service/probe.ts', "import { applyClaimChanges } from '../domain/claim-changes';\nexport const x = applyClaimChanges;\n"],
    ['src/service/probe.ts', "import { Permission } from '../contract/enums';\nexport const x = Permission;\n"],
    ['example-host/server/probe.ts', "import { changeClaims } from '../../src/service/claims';\nexport const x = changeClaims;\n"],
    ['src/testing/probe.ts', "import { changeClaims } from '../service/claims';\nexport const x = changeClaims;\n"],
    ['src/api/probe.ts', "import { isUuid } from '../domain/probe2';\nexport const x = isUuid;\n"],
    ['src/forms/probe.ts', "import { useApi } from '../query/APIProvider';\nexport const x = useApi;\n"],
    ['src/permissions/probe.ts', "import { ErrorAlert } from '../ui/ErrorAlert';\nexport const x = ErrorAlert;\n"],
    ['example-host/server/probe.ts', "import { validateSubmission } from '../../src/engine';\nexport const x = validateSubmission;\n"],
    ['src/viewer/probe.tsx', "import { FormRenderer } from '../forms/FormRenderer';\nexport const x = FormRenderer;\n"],
    ['example-host/server/probe.ts', "import { Permission } from '../../src/api/enums';\nexport const x = Permission;\n"],
  ])('%s may: %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
