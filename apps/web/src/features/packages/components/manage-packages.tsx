import { Button, Group, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';

import { formatCents } from '../../../lib/money';
import { formatPackagePrice } from '../package-format';
import { packagesApi, type CreatePackageBody, type Package } from '../packages-api';
import { PackageFormModal } from './package-form-modal';
import { checkPackageForm, packageFormValues } from '../package-form';
import { changedFields } from '../../../lib/changed-fields';
import { EditCell, ListTable, StatusCell } from '../../../components/ui/list-table';
import { useEditDialog } from '../../../lib/use-edit-dialog';

type Props = { packages: Package[]; onChanged: () => void };

/** Admins: every package, inactive ones too, with create and edit. */
export function ManagePackages({ packages, onChanged }: Props) {
  // undefined: closed; null: creating; a package: editing it.
  const { editing, open: setEditing, close: closeEditing } = useEditDialog<Package>();

  // A refusal is shown by the form: on its field, or above the fields.
  const save = async (body: CreatePackageBody) => {
    if (editing) {
      const before = checkPackageForm(packageFormValues(editing)).body;
      // The package as this form read it: another admin's save since then is a 409, not lost.
      await packagesApi.update(editing._id, {
        ...(before ? changedFields(before, body) : body),
        updatedAt: editing.updatedAt,
      });
    } else await packagesApi.create(body);
    notifications.show({
      color: 'green',
      title: editing ? 'Package updated' : 'Package created',
      message: `${body.name} is saved.`,
    });
    closeEditing();
    onChanged();
  };

  return (
    <Stack component="section" aria-labelledby="manage-packages">
      <Group justify="space-between">
        <Title order={2} id="manage-packages">
          Manage packages
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setEditing(null)}
        >
          New package
        </Button>
      </Group>
      <ListTable columns={['Name', 'Price', 'Credits', 'Status', { hidden: 'Actions' }]}>
        {packages.map((p) => (
          <Table.Tr key={p._id}>
            <Table.Th scope="row">{p.name}</Table.Th>
            <Table.Td>{formatPackagePrice(p)}</Table.Td>
            <Table.Td>{formatCents(p.creditsIncluded, p.currency.toUpperCase())}</Table.Td>
            <StatusCell
              color={p.active ? 'green' : 'gray'}
              label={p.active ? 'Active' : 'Inactive'}
            />
            <EditCell label={`Edit package ${p.name}`} onEdit={() => setEditing(p)} />
          </Table.Tr>
        ))}
      </ListTable>
      {editing !== undefined && (
        <PackageFormModal
          key={editing?._id ?? 'new'}
          pkg={editing}
          onClose={() => closeEditing()}
          onSubmit={save}
        />
      )}
    </Stack>
  );
}
