// One call that may throw, for the page's controller (hearts/page/controller.py):
// MicroPython catches a rejected promise it awaits, but an exception that a
// JavaScript call throws (storage disabled or full, say) is not caught by
// its try: it ends the whole handler. So the controller makes such calls
// through attempt(target, method, ...args), which answers {ok: true, value}
// or {ok: false, error} and never throws. (A property read that may throw:
// attempt(Reflect, "get", target, name).)
export function attempt(target, method, ...args) {
  try {
    return { ok: true, value: target[method](...args) };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}
