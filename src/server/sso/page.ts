const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f4;color:#1f2933;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border:1px solid #d3d9df;border-radius:6px;padding:28px 32px;width:360px;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:18px;margin:0 0 4px}p.sub{color:#5b6770;margin:0 0 18px}
label{display:block;font-weight:600;margin:10px 0 4px}input{width:100%;box-sizing:border-box;padding:7px 9px;border:1px solid #b8c1c9;border-radius:4px;font:inherit}
button{font:inherit;cursor:pointer;border-radius:4px;border:1px solid #1d5fa8;background:#1d64b3;color:#fff;padding:7px 14px;margin-top:14px}
button.demo{background:#fff;color:#1d64b3;margin:4px 4px 0 0;padding:4px 9px}
:focus-visible{outline:2px solid #f0a30a;outline-offset:2px}
.fejl{background:#fdecec;border:1px solid #e3a5a5;color:#8a1c1c;padding:8px 10px;border-radius:4px;margin-bottom:10px}
h2{font-size:13px;margin:22px 0 4px;color:#5b6770;text-transform:uppercase;letter-spacing:.04em}`;

/** The built-in sign-on service's page: a plain server-rendered form, like an external IdP's. */
export function loginPage(opts: {
  fejl?: string;
  demoBrugere?: { username: string; navn: string }[];
}): string {
  const fejl = opts.fejl ? `<div class="fejl" role="alert">${escapeHtml(opts.fejl)}</div>` : '';
  const demo = opts.demoBrugere?.length
    ? `<h2>Demobrugere</h2><form method="post" action="/sso/demo">${opts.demoBrugere
        .map(
          (u) =>
            `<button class="demo" name="username" value="${escapeHtml(u.username)}" title="${escapeHtml(u.navn)}">${escapeHtml(u.username)}</button>`,
        )
        .join('')}</form>`
    : '';
  return `<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Fælleslogin – Miljøtilsyn</title><style>${STYLE}</style></head><body><main>
<h1>Fælleslogin</h1><p class="sub">Log ind for at fortsætte til Miljøtilsyn</p>${fejl}
<form method="post" action="/sso/login">
<label for="username">Brugernavn</label><input id="username" name="username" autocomplete="username" required autofocus>
<label for="password">Adgangskode</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Log ind</button></form>${demo}</main></body></html>`;
}
