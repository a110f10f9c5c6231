import type { Person } from '@fleet/contract';
import { useCallback, useMemo, useState } from 'react';
import { useCan } from '../../access/use-can';
import { useMeQuery } from '../../api/people/me-query';
import { usePeopleSearchQuery } from '../../api/people/people-search-query';
import { useRolesQuery } from '../../api/roles/roles-query';
import { Panel } from '../../components/Panel';
import { ScreenTitle } from '../../components/ScreenTitle';
import { AssignRobotsModal } from './AssignRobotsModal';
import { PeopleTable } from './PeopleTable';
import { PeopleToolbar } from './PeopleToolbar';
import { PersonFormModal } from './PersonFormModal';
import { managesPeople } from './person-actions.utils';
import { usePeopleTableState } from './use-people-table-state';
import { usePersonCommands } from './use-person-commands';

type Dialog = { kind: 'add' } | { kind: 'edit'; person: Person } | { kind: 'robots'; person: Person };

export default function PersonPage() {
  const can = useCan();
  const me = useMeQuery().data;
  const table = usePeopleTableState();
  const people = usePeopleSearchQuery(table.body);
  const roles = useRolesQuery();
  const commands = usePersonCommands();
  const [dialog, setDialog] = useState<Dialog>();
  const roleNames = useMemo(() => new Map((roles.data ?? []).map((r) => [r.id, r.name])), [roles.data]);
  const onEdit = useCallback((person: Person) => setDialog({ kind: 'edit', person }), []);
  const onRobots = useCallback((person: Person) => setDialog({ kind: 'robots', person }), []);
  const close = () => setDialog(undefined);

  return (
    <section aria-labelledby="screen-title" data-testid="screen-person">
      <ScreenTitle />
      {commands.confirmations}
      <Panel>
        <PeopleToolbar
          typed={table.typed}
          onTyped={table.setTyped}
          role={table.state.role}
          onRole={table.setRole}
          exportKeyword={table.state.keyword}
          onAdd={managesPeople(can) ? () => setDialog({ kind: 'add' }) : undefined}
        />
        <PeopleTable
          page={people.data}
          loading={people.isFetching}
          state={table.state}
          onChange={table.update}
          can={can}
          meId={me?.id}
          roleNames={roleNames}
          commands={commands}
          onEdit={onEdit}
          onRobots={onRobots}
        />
      </Panel>
      {dialog?.kind === 'add' && (
        <PersonFormModal mayAppointAdmins={can('admins.manage').allowed} onClose={close} />
      )}
      {dialog?.kind === 'edit' && (
        <PersonFormModal person={dialog.person} mayAppointAdmins={false} onClose={close} />
      )}
      {dialog?.kind === 'robots' && <AssignRobotsModal person={dialog.person} onClose={close} />}
    </section>
  );
}
