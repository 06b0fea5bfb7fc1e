import { type RegistrationState, staffEndpoints } from '@rookery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/request';
import { FormDialog } from '../../../crud/FormDialog';
import { ListPage } from '../../../crud/ListPage';
import { type Registration, registrationFields } from './registration-fields';

type Decision = { kind: 'approve' | 'reject'; registration: Registration };
type ReviewState = RegistrationState | undefined;

/** Registration approval: approve a pending account with a role, or reject it with a reason. */
export default function RegistrationApprovalPage() {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<string[]>([]);
  const [decision, setDecision] = useState<Decision>();

  return (
    <>
      <ListPage<Registration>
        queryKey="registrations"
        fields={registrationFields}
        rowKey="id"
        initialSearch={{ status: 'pending' }}
        load={async ({ page, pageSize, filters }) => {
          const data = await api(staffEndpoints.listRegistrations, {
            query: { page, pageSize, status: filters.status as ReviewState },
          });
          // The roles this reviewer may grant come with the list.
          setRoles(data.roles);
          return { rows: data.list, total: data.pagination.total };
        }}
        rowActions={(row) =>
          row.status === 'pending'
            ? [
                {
                  key: 'approve',
                  label: t('staff.approve'),
                  run: () => setDecision({ kind: 'approve', registration: row }),
                },
                {
                  key: 'reject',
                  label: t('staff.reject'),
                  danger: true,
                  run: () => setDecision({ kind: 'reject', registration: row }),
                },
              ]
            : []
        }
      />
      {decision?.kind === 'approve' && (
        <ApproveModal registration={decision.registration} roles={roles} onClose={() => setDecision(undefined)} />
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
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['registrations'] });
    await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    message.success(t('common.done'));
  };
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
  return (
    <FormDialog
      name="approve"
      title={t('staff.approveTitle', { name: registration.email ?? registration.username })}
      okText={t('staff.approve')}
      schema={staffEndpoints.approveRegistration.body!}
      onClose={onClose}
      submit={async (body) => {
        await api(staffEndpoints.approveRegistration, { params: { id: registration.id }, body });
        await done();
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
  return (
    <FormDialog
      name="reject"
      title={t('staff.rejectTitle', { name: registration.email ?? registration.username })}
      okText={t('staff.reject')}
      danger
      schema={staffEndpoints.rejectRegistration.body!}
      onClose={onClose}
      submit={async (body) => {
        await api(staffEndpoints.rejectRegistration, { params: { id: registration.id }, body });
        await done();
      }}
    >
      {(itemProps) => (
        <Form.Item {...itemProps('reason')} label={t('staff.rejectReason')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}
