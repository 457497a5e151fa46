// Registers the service worker (sw.js, next to this page) and offers a new deployment:
// "New version available — Reload". Plain script beside the wasm: it works even when the
// app cannot start, and costs a few hundred bytes instead of bindings in the app.
(() => {
  if (!('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  let reloading = false;

  function offer(registration) {
    if (document.querySelector('.update-offer')) return;
    const bar = document.createElement('div');
    bar.className = 'update-offer';
    bar.setAttribute('role', 'status');
    // In the page's language (the app sets <html lang>).
    const ja = document.documentElement.lang === 'ja';
    bar.append(ja ? '新しい版があります — ' : 'New version available — ');
    const button = document.createElement('button');
    button.dataset.action = 'update';
    button.textContent = ja ? '再読み込み' : 'Reload';
    button.addEventListener('click', () => {
      const waiting = registration.waiting;
      if (!waiting) return location.reload();
      // Only the page that asked reloads; other open tabs keep their game until they choose to.
      reloading = true;
      waiting.postMessage('skip-waiting');
    });
    bar.append(button);
    document.body.append(bar);
  }

  workers.addEventListener('controllerchange', () => {
    if (reloading) location.reload();
  });

  // A waiting worker is a new version only when an older one runs this page; the first
  // install has no controller and simply takes over.
  function watch(registration) {
    if (registration.waiting && workers.controller) offer(registration);
    // An app window left open for days (installed ones are) still hears of a new version.
    setInterval(() => registration.update().catch(() => {}), 60 * 60 * 1000);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && workers.controller) offer(registration);
      });
    });
  }

  // updateViaCache 'none': the browser always asks the server for sw.js, so a deployment is seen at once.
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    workers.register('sw.js', { updateViaCache: 'none' }).then(watch, (err) => {
      console.warn('Offline use is unavailable:', err);
    });
  };
  // Once the board is drawn and the page is idle: the first install fetches and stores every
  // file of the build, which must not compete with starting the app. The load event is too
  // early for that (it fires while the wasm is still building the page). Trunk's loader
  // announces the app once its wasm has built the page; a page whose app cannot start still
  // registers, a few seconds after loading.
  const whenIdle = () => (window.requestIdleCallback ? requestIdleCallback(register, { timeout: 3000 }) : setTimeout(register, 1000));
  // (index.html's loader, as Trunk's did, sets window.wasmBindings just before it announces the app.)
  if (window.wasmBindings) requestAnimationFrame(whenIdle);
  else window.addEventListener('TrunkApplicationStarted', () => requestAnimationFrame(whenIdle), { once: true });
  const fallback = () => setTimeout(register, 5000);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
})();
