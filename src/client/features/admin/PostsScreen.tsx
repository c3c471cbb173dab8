// Posts: the article fields, the outside helpers (Unsplash, AI) and related posts.
import { listAdminPosts } from '#shared/contract/admin'
import { deletePost, savePost } from '#shared/contract/posts.manage'
import { usePage } from '#client/app/context.tsx'
import { ListScreen } from './ListScreen'
import { useChoices } from './choices'
import { PostHelpers, RelatedPosts } from './AdminTools'
import { cols, contentColumns, contentFields, contentFilters } from './columns'

export function PostsScreen() {
  const { t } = usePage()
  const categories = useChoices('post_categories')
  return (
    <ListScreen
      id="posts"
      list={listAdminPosts}
      rowsKey="rows"
      filters={contentFilters(t)}
      columns={contentColumns(t, ...cols('author', 'published_at'))}
      form={{
        save: savePost,
        defaults: { language: 'es', status: '1' },
        fields: contentFields(t, [
          { name: 'description', label: 'admin.fields.description', type: 'textarea' },
          { name: 'content', label: 'admin.fields.content', type: 'textarea' },
          { name: 'author', label: 'admin.fields.author', type: 'text' },
          { name: 'tag', label: 'admin.fields.tag', type: 'text' },
          { name: 'tags', label: 'admin.fields.tags', type: 'text' },
          // The category by its name (issue 42 §9), not its number.
          { name: 'category_id', label: 'admin.fields.category_id', type: 'select', options: categories ?? [] },
          { name: 'index', label: 'admin.fields.is_public', type: 'checkbox' },
          { name: 'image_cover', label: 'admin.fields.image_cover', type: 'upload', tag: 'post_cover' },
        ]),
      }}
      remove={deletePost}
      actions={(r, reload) => <PostHelpers id={r.id as number} reload={reload} />}
      panel={(r) => <RelatedPosts postId={r.id as number} />}
    />
  )
}
