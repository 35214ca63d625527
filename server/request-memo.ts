/**
 * Work done once per request however many loaders ask. Every loader guards its own data, so
 * the layout's and the page's loaders each check the session. React Router hands each loader
 * its own copy of the Request, but one `context` (server/app.ts makes one per HTTP request),
 * which keys the memo. Only reads (GET, HEAD) share answers: an action may change the very
 * thing asked (sign-out, two-factor set-up), and the loaders that follow it in the same
 * request get GET requests of their own, so they look again after it.
 */
const memos = new WeakMap<object, Map<object, Promise<unknown>>>();

/** `work()`'s answer for this request and `key`: the first caller's promise, shared. */
export function oncePerRequest<T>(
  { request, context }: { request: Request; context: object },
  key: object,
  work: () => Promise<T>,
) {
  if (request.method !== "GET" && request.method !== "HEAD") return work();
  let memo = memos.get(context);
  if (!memo) {
    memo = new Map();
    memos.set(context, memo);
  }
  let answer = memo.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = work();
    memo.set(key, answer);
  }
  return answer;
}
