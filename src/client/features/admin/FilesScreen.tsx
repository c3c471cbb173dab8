// Files: uploads by tag, their size and key under /media.
import { listAdminFiles } from '#shared/contract/admin'
import { deleteFile } from '#shared/contract/admin.files'
import { ListScreen } from './ListScreen'
import { FileUploads } from './AdminTools'
import { cols } from './columns'

export function FilesScreen() {
  return (
    <ListScreen
      id="files"
      list={listAdminFiles}
      rowsKey="rows"
      filters={[
        {
          name: 'type',
          label: 'admin.fields.type',
          type: 'select',
          options: ['cover', 'audio', 'video'].map((v) => ({ value: v, label: v })),
        },
      ]}
      columns={[
        ...cols('id', 'title', 'type'),
        { key: 'tag', label: 'admin.fields.tag' },
        {
          key: 'size',
          label: 'admin.fields.size',
          sortable: true,
          render: (r) => `${Math.ceil(Number(r.size) / 1024)} KB`,
        },
        {
          key: 'r2_key',
          label: 'admin.fields.r2_key',
          render: (r) => <a href={`/media/${String(r.r2_key)}`}>{String(r.r2_key)}</a>,
        },
      ]}
      remove={deleteFile}
      toolbar={(_, reload) => <FileUploads reload={reload} />}
    />
  )
}
