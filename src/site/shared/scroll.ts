/** Scrolls to a section and moves keyboard focus there, smoothly unless motion is reduced. */
export function scrollToSection(id: string, reduceMotion: boolean): void {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
  history.replaceState(history.state, '', `#${id}`);
}

export function scrollToTop(reduceMotion: boolean): void {
  window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
}
