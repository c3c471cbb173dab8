// Files: uploads and the demo's media (SPEC §3 File) by kind and tag, their size in people's
// words, when they came, a link to open them under /media, and delete after 'Sure?'.
import { listAdminFiles } from '#shared/contract/admin'
import { deleteFile } from '#shared/contract/admin.files'
import { FILE_TAGS, FileType } from '#shared/enums'
import { usePage } from '#client/app/context.tsx'
import { formatBytes } from '#client/components/words.ts'
import { textOf } from '#shared/text'
import { ListScreen } from './ListScreen'
import { FileUploads } from './AdminTools'
import { cols, select } from './columns'

const TYPES = Object.values(FileType)

export function FilesScreen() {
  const { t, boot } = usePage()
  const typeName = (v: unknown) =>
    TYPES.includes(v as never) ? t(`admin.staff.file_type.${v as FileType}`) : textOf(v)
  const tagName = (v: unknown) =>
    FILE_TAGS.includes(v as never) ? t(`admin.staff.file_tag.${v as (typeof FILE_TAGS)[number]}`) : textOf(v)
  return (
    <ListScreen
      id="files"
      list={listAdminFiles}
      rowsKey="rows"
      filters={[
        select(
          'type',
          TYPES.map((v) => ({ value: v, label: typeName(v) })),
        ),
      ]}
      columns={[
        ...cols('title'),
        { key: 'type', label: 'admin.fields.type', render: (r) => typeName(r.type) },
        { key: 'tag', label: 'admin.fields.tag', render: (r) => tagName(r.tag) },
        {
          key: 'size',
          label: 'admin.fields.size',
          sortable: true,
          render: (r) => <span data-testid="file-size">{formatBytes(Number(r.size), boot.locale)}</span>,
        },
        ...cols('created_at'),
        {
          key: 'r2_key',
          label: 'admin.fields.r2_key',
          render: (r) => (
            <a href={`/media/${String(r.r2_key)}`} target="_blank" rel="noopener" title={String(r.r2_key)}>
              {t('admin.staff.open')}
            </a>
          ),
        },
      ]}
      remove={deleteFile}
      toolbar={(_, reload) => <FileUploads reload={reload} />}
    />
  )
}
