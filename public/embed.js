// Shogi boards in any page:
//   <script src="path/to/shogi/embed.js" defer></script>
//   <div class="shogi-board" data-sfen="..." data-moves="7g7f,3c3d" data-mode="view"></div>
// Each .shogi-board becomes an iframe of the app (index.html next to this script) showing
// only the board. Its data- attributes are the app's URL parameters (README, SPEC §4), all
// passed on: the app checks them and says on the board what it ignored (a misspelt one
// too). Attribute text only ever goes into a URL query (URLSearchParams), never into markup.
// The board's events arrive as DOM events on its div (`shogi:move`, `shogi:gameover`, with
// the message as `event.detail`), and as the iframe's postMessage to the page.
(() => {
  const app = new URL('index.html', document.currentScript.src);
  const frames = new Map();
  let count = 0;

  // Sizing: as wide as the div, tall enough for the board and both hands. `:where` keeps
  // the rule weakest, so the page's own CSS can change it.
  const style = document.createElement('style');
  style.textContent = ':where(.shogi-board) > iframe { display: block; width: 100%; aspect-ratio: 2 / 3; border: 0; }';
  document.head.append(style);

  function mount(div) {
    const query = new URLSearchParams(Object.entries(div.dataset));
    const frame = document.createElement('iframe');
    frame.src = `${app.href}?${query}`;
    // The app sends its window name as the `id` of every message.
    frame.name = div.id || `shogi-board-${++count}`;
    frame.title = div.getAttribute('aria-label') || 'Shogi board';
    // A board far down the page loads when the reader gets near it.
    frame.loading = 'lazy';
    div.replaceChildren(frame);
    frames.set(div, frame);
  }

  window.addEventListener('message', (event) => {
    const data = event.data;
    if (!data || typeof data.type !== 'string' || !data.type.startsWith('shogi:')) return;
    for (const [div, frame] of frames) {
      if (frame.contentWindow === event.source) {
        div.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true }));
      }
    }
  });

  document.querySelectorAll('.shogi-board').forEach(mount);
})();
