export default function onPageTransitionEnd() {
  document.getElementById('sf-loading')?.remove();
}
