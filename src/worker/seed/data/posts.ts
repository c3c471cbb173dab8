import { postsEn } from './posts-en'
import { postsEs } from './posts-es'
import type { SeedPost } from './types'

// ---------------------------------------------------------------------------
// Posts
// ---------------------------------------------------------------------------

/** All posts, Spanish first. */
export const posts: SeedPost[] = [...postsEs, ...postsEn]
