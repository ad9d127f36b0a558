import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedIds } from '../../src/testing/seed-ids';
import { FormInstanceViewer, type FormInstanceViewerProps } from '../../src/viewer/index';
import { adoptStep, readStep, stepKey, writeStep } from '../../src/viewer/step-storage';
import { renderInApi, setupViewerApi } from './support/viewer';

const { backend } = setupViewerApi();
const loan = seedIds.formSchemas.loanApplicationV1;
const instanceId = seedIds.formInstances.loanInProgress;

beforeEach(() => window.sessionStorage.clear());
afterEach(() => window.sessionStorage.clear());

function renderLoan(props: Partial<FormInstanceViewerProps> = {}) {
  return renderInApi(<FormInstanceViewer formSchemaId={loan} formInstanceId={instanceId} mode="edit" saveDelayMs={20} {...props} />);
}

/** The seeded instance with its first page answered, so Next can leave it. */
function answerFirstPage() {
  const stored = backend.db.formInstances.find((i) => i.formInstanceId === instanceId)!;
  stored.data = {
    applicant: { name: 'Alan Turing', email: 'alan.turing@example.com', dateOfBirth: '1912-06-23' },
    address: { street: '2 Hampton Road', city: 'Teddington', country: 'GB' },
    employment: { status: 'selfEmployed' },
  };
}

describe('FormInstanceViewer: steps', () => {
  it('titles the browser tab with the step and the form name, and reopens the same step after a reload', async () => {
    answerFirstPage();
    const first = renderLoan();
    await screen.findByRole('heading', { name: 'Applicant', level: 2 });
    expect(document.title).toBe('Step 1 of 4: Applicant — Loan Application');
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Employment and loan', level: 2 })).toHaveFocus();
    expect(document.title).toBe('Step 2 of 4: Employment and loan — Loan Application');
    expect(window.sessionStorage.getItem(stepKey(loan, instanceId))).toBe('1');
    first.unmount();

    // A reload: the same tab opens the same link again.
    renderLoan();
    expect(await screen.findByRole('heading', { name: 'Employment and loan', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Step 2 of 4: Employment and loan — Loan Application'));
  });

  it('opens on the first step when nothing was kept, and in view mode titles the tab with the form name', async () => {
    const view = renderLoan({ mode: 'view' });
    await screen.findByRole('heading', { name: 'Applicant', level: 2 });
    expect(document.title).toBe('Loan Application');
    view.unmount();
    renderLoan();
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
  });
});

describe('step storage', () => {
  it('moves the step of a form not saved yet to the instance its first save created', () => {
    writeStep(loan, null, 2);
    adoptStep(loan, instanceId);
    expect(readStep(loan, instanceId)).toBe(2);
    expect(readStep(loan, null)).toBe(0);
  });

  it('reads nothing but a page index, and 0 for the first page or anything else', () => {
    window.sessionStorage.setItem(stepKey(loan, null), 'x');
    expect(readStep(loan, null)).toBe(0);
    writeStep(loan, null, 0);
    expect(window.sessionStorage.getItem(stepKey(loan, null))).toBeNull();
  });
});
