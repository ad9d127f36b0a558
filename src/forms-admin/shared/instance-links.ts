import type { FormInstanceStatus } from '../../api/enums';
import { mayChangeStatus } from '../../domain/forms/statuses';
import { isLockedBySigning, type InstanceEnvelopeState } from '../../domain/signing/statuses';
import { useApi } from '../../query/APIProvider';
import { fillLabel, type Labels } from '../../query/labels';
import { instanceStatusLabel } from './instance-status';
import { toast } from './toast';

/** What decides whether an instance's edit link can still change it: its status and its signing envelope. */
export type EditLinkState = InstanceEnvelopeState & { status: FormInstanceStatus };

/**
 * Why an instance's edit link would change nothing, or null when a visitor holding it may still save: a Submitted or
 * Completed instance is past what a form link may change (the domain's status table), and the answers of an instance
 * out for signature or signed are locked. 'Copy edit link' is disabled with this reason.
 */
export function editLinkBlock(instance: EditLinkState, labels: Labels): string | null {
  if (!mayChangeStatus(instance.status, instance.status, 'visitor')) {
    return fillLabel(labels.editLinkClosed, { status: instanceStatusLabel(instance.status, labels) });
  }
  if (isLockedBySigning(instance)) return labels.editLinkLocked;
  return null;
}

/** An instance's public links, as the instance list and the instance page offer them. */
export interface InstanceLinks {
  /** Copies the instance's edit or view link (`Forms/GetEditUrl`, `GetViewUrl`) and says so in a toast. */
  copy(formInstanceId: string, name: string, mode: 'edit' | 'view'): Promise<void>;
  /** Opens the instance's read-only public link in a new tab: the page the user is on stays. */
  openView(formInstanceId: string, name: string): Promise<void>;
}

/** The public links of instances: copied or opened, each outcome said in a toast. */
export function useInstanceLinks(labels: Labels): InstanceLinks {
  const { client } = useApi();
  const linkOf = (formInstanceId: string, mode: 'edit' | 'view') =>
    mode === 'edit' ? client.forms.getEditUrl(formInstanceId) : client.forms.getViewUrl(formInstanceId);
  return {
    copy: async (formInstanceId, name, mode) => {
      try {
        const url = await linkOf(formInstanceId, mode);
        await navigator.clipboard.writeText(url ?? '');
        toast.success(fillLabel(mode === 'edit' ? labels.editLinkCopied : labels.viewLinkCopied, { name }), labels);
      } catch (error) {
        toast.failure(fillLabel(labels.copyLinkFailed, { name }), error, labels);
      }
    },
    openView: async (formInstanceId, name) => {
      try {
        const url = await linkOf(formInstanceId, 'view');
        if (url) window.open(url, '_blank', 'noopener');
      } catch (error) {
        toast.failure(fillLabel(labels.openFailed, { name }), error, labels);
      }
    },
  };
}

