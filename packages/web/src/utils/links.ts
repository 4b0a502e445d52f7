/** The app's login page link, offered for copying so a task can be finished on a computer (spec 000 §2). */
export function desktopLink(): string {
  return `${window.location.origin}${import.meta.env.BASE_URL}#/login`;
}
