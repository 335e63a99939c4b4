// The service worker: caches the page's shell so the installed app opens at once (and
// says it is offline rather than showing the browser's error), and shows the server's
// pushes (payload: {title, body, url, tag, kind, lang}, already in the person's language)
// and opens the room when one is clicked (an open tab on that room first, as lichess does).

const SHELL = "ludoteca-shell-v1";
const SHELL_FILES = [
  "/",
  "/static/app.js",
  "/static/style.css",
  "/static/screen.css",
  "/static/icons/icon-192.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(SHELL_FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== SHELL).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

// The network first (a new version is seen at once); the cached shell when offline. The
// API and the sockets are never cached.
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  const page = request.mode === "navigate";
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok && (page || url.pathname.startsWith("/static/"))) {
        const copy = response.clone();
        caches.open(SHELL).then((cache) => cache.put(page ? "/" : request, copy));
      }
      return response;
    }).catch(() => caches.match(page ? "/" : request).then((hit) => hit || Response.error())),
  );
});

function readPush(data) {
  try {
    const payload = data ? data.json() : null;
    if (payload && typeof payload.title === "string") return payload;
  } catch {
    // not JSON: shown as the site's name and the text
  }
  return {title: "Ludoteca", body: data ? data.text() : "", url: "/", tag: "ludoteca", lang: "en"};
}

self.addEventListener("push", (event) => {
  const payload = readPush(event.data);
  event.waitUntil(self.registration.showNotification(payload.title, {
    body: payload.body || "",
    tag: payload.tag || "ludoteca",
    lang: payload.lang || "",
    icon: "/static/icons/icon-192.png",
    badge: "/static/icons/icon-192.png",
    data: {url: payload.url || "/", kind: payload.kind || ""},
    requireInteraction: payload.kind === "alarm",
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({type: "window", includeUncontrolled: true}).then((open) => {
      const same = open.find((client) => new URL(client.url).pathname === target.pathname);
      if (same) return same.focus();
      return self.clients.openWindow(target.href);
    }),
  );
});
