// Server data of the blog and an article (SPEC §2 "/blog and /post/{slug}").
import { blogPageData, postPageData, postsQuery } from '#shared/contract/posts'
import { PAGE_SIZE } from '#shared/limits'
import { AppError } from '#worker/http/errors'
import { loader, type PageLoaders } from '#worker/ssr/page'
import { listPosts } from './posts.service'

export const postsLoaders: PageLoaders<'blog' | 'post'> = {
  blog: loader(blogPageData, async ({ ctx, query }) => {
    const page = Math.max(1, Math.min(1000, Number.parseInt(query.page ?? '1', 10) || 1))
    const keyword = (query.keyword ?? '').slice(0, 200)
    const out = await listPosts(ctx, postsQuery.parse({ page, per_page: PAGE_SIZE.blog, search: keyword || undefined }))
    return { keyword, ...out }
  }),

  post: loader(postPageData, async ({ ctx, params }) => {
    const { posts } = await listPosts(ctx, postsQuery.parse({ per_page: 1, slug: params.slug, with_properties: 'stats' }))
    const post = posts[0]
    if (!post) throw new AppError('not_found', { message: 'errors.article_not_found' })
    const related = await listPosts(ctx, postsQuery.parse({ per_page: 4, search: post.tag ?? undefined, diffuse: 1 }))
    return { post, related: related.posts.filter((p) => p.id !== post.id).slice(0, 3) }
  }),
}
