// Shogi boards in any page:
//   <script src="path/to/shogi/embed.js" defer></script>
//   <div class="shogi-board" data-sfen="..." data-moves="7g7f,3c3d" data-mode="view"></div>
// Each .shogi-board becomes an iframe of the app (index.html next to this script) showing
// only the board. Its data- attributes are the app's URL parameters (README, SPEC §4), all
// passed on: the app checks them and says on the board what it ignored (a misspelt one
// too). Attribute text only ever goes into a URL (URLSearchParams), never into markup.
// A whole record (KIF, KI2, CSA or SFEN) comes as `data-kif` or as the text of a
// `<script type="text/kif">` inside the div; it travels in the URL's fragment, which no
// server sees, so a long record never meets a server's limit on request lines.
// The board's events arrive as DOM events on its div (`shogi:move`, `shogi:gameover`, with
// the message as `event.detail`), and as the iframe's postMessage to the page. The frame is
// as wide as the div and as tall as the board drawn at that width (its `shogi:size` message).
(() => {
  const app = new URL('index.html', document.currentScript.src);
  const frames = new Map();
  let count = 0;

  // Until the board says its height: tall enough for a board and two rows of hands. `:where`
  // keeps the rule weakest, so the page's own CSS can change it.
  const style = document.createElement('style');
  style.textContent = ':where(.shogi-board) > iframe { display: block; width: 100%; aspect-ratio: 3 / 4; border: 0; }';
  document.head.append(style);

  // A record written indented inside the page's markup, without the indentation all its lines share.
  function dedent(text) {
    const lines = text.replace(/^\s*\n/, '').trimEnd().split('\n');
    const indents = lines.filter((l) => l.trim()).map((l) => l.match(/^[ \t]*/)[0].length);
    const common = Math.min(...indents, Infinity);
    return lines.map((l) => l.slice(Math.min(common, l.match(/^[ \t]*/)[0].length))).join('\n');
  }

  function mount(div) {
    const { kif, ...params } = div.dataset;
    const inline = div.querySelector('script[type="text/kif"]');
    const record = kif ?? (inline ? dedent(inline.textContent) : undefined);
    const frame = document.createElement('iframe');
    const fragment = record === undefined ? '' : `#${new URLSearchParams({ kif: record })}`;
    frame.src = `${app.href}?${new URLSearchParams(params)}${fragment}`;
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
      if (frame.contentWindow !== event.source) continue;
      if (data.type === 'shogi:size') {
        if (Number.isFinite(data.height) && data.height > 0) frame.style.height = `${Math.ceil(data.height)}px`;
      } else {
        div.dispatchEvent(new CustomEvent(data.type, { detail: data, bubbles: true }));
      }
    }
  });

  document.querySelectorAll('.shogi-board').forEach(mount);
})();
