import { staffEndpoints } from '@rookery/contracts';
import { App, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../../api/endpoint-query';
import { useConsequenceConfirm } from '../../../crud/Consequence';
import { FormDialog } from '../../../crud/FormDialog';
import { ListPage } from '../../../crud/ListPage';
import { LongText } from '../../../crud/schema-fields';
import { type Registration, registrationFields } from './registration-fields';
import '../texts';

type Decision = { kind: 'approve' | 'reject'; registration: Registration; roles: string[] };

/** Registration approval: approve a pending account with a role, or reject it with a reason. */
export default function RegistrationApprovalPage() {
  const { t } = useTranslation();
  const [decision, setDecision] = useState<Decision>();

  return (
    <>
      <ListPage
        endpoint={staffEndpoints.listRegistrations}
        fields={registrationFields}
        initialSearch={{ status: 'pending' }}
        // The roles this reviewer may grant come with the list.
        rowActions={(row, { data }) =>
          row.status === 'pending'
            ? [
                {
                  key: 'approve',
                  label: t('staff.approve'),
                  run: () => setDecision({ kind: 'approve', registration: row, roles: data?.roles ?? [] }),
                },
                {
                  key: 'reject',
                  label: t('staff.reject'),
                  danger: true,
                  run: () => setDecision({ kind: 'reject', registration: row, roles: [] }),
                },
              ]
            : []
        }
      />
      {decision?.kind === 'approve' && (
        <ApproveModal
          registration={decision.registration}
          roles={decision.roles}
          onClose={() => setDecision(undefined)}
        />
      )}
      {decision?.kind === 'reject' && (
        <RejectModal registration={decision.registration} onClose={() => setDecision(undefined)} />
      )}
    </>
  );
}

function useDecisionDone() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return () => message.success(t('common.done'));
}

function ApproveModal({
  registration,
  roles,
  onClose,
}: {
  registration: Registration;
  roles: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const done = useDecisionDone();
  const approve = useEndpointMutation(staffEndpoints.approveRegistration);
  const confirmConsequence = useConsequenceConfirm();
  const name = registration.email ?? registration.username;
  return (
    <FormDialog
      name="approve"
      title={t('staff.approveTitle', { name: registration.email ?? registration.username })}
      okText={t('staff.approve')}
      schema={staffEndpoints.approveRegistration.body!}
      onClose={onClose}
      // Who gets which role, stated before it is granted; cancel grants nothing.
      submit={async (body) => {
        const approved = await confirmConsequence(
          {
            title: t('staffConfirm.approveTitle', { name, role: body.role }),
            rows: [
              { label: t('staffConfirm.account'), value: registration.username },
              { label: t('staffConfirm.email'), value: registration.email ?? '-' },
              { label: t('staffConfirm.grantedRole'), value: body.role },
              { label: t('staff.status'), value: t('staffConfirm.approveEffect') },
            ],
            okText: t('staffConfirm.approveOk', { role: body.role }),
            danger: false,
          },
          () => approve.mutateAsync({ params: { id: registration.id }, body }),
        );
        if (approved) done();
      }}
    >
      {(itemProps) => (
        <Form.Item {...itemProps('role')} label={t('staff.role')}>
          <Select options={roles.map((name) => ({ value: name, label: name }))} />
        </Form.Item>
      )}
    </FormDialog>
  );
}

function RejectModal({ registration, onClose }: { registration: Registration; onClose: () => void }) {
  const { t } = useTranslation();
  const done = useDecisionDone();
  const reject = useEndpointMutation(staffEndpoints.rejectRegistration);
  return (
    <FormDialog
      name="reject"
      title={t('staff.rejectTitle', { name: registration.email ?? registration.username })}
      okText={t('staff.reject')}
      danger
      schema={staffEndpoints.rejectRegistration.body!}
      onClose={onClose}
      submit={async (body) => {
        await reject.mutateAsync({ params: { id: registration.id }, body });
        done();
      }}
    >
      {(itemProps) => (
        <Form.Item {...itemProps('reason')} label={t('staff.rejectReason')}>
          <LongText field="reason" rows={3} />
        </Form.Item>
      )}
    </FormDialog>
  );
}
