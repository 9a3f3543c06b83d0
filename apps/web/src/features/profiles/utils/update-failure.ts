// Lifted to components/ui so every feature's edits fail with the same toast (profiles, posts, comments).
export { notifyUpdateFailed, updateFailureDetails } from '@/components/ui/toast/update-failure';
