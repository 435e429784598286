// The HTML pages of the login example, as small template functions. Every interpolated value is
// escaped; the CSRF token travels in a hidden form field.

function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

function loginPage({ csrfToken, message, next }) {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
${message ? `<p class="error">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/login">
  <input type="hidden" name="_csrf" value="${escapeHtml(csrfToken)}">
  <input type="hidden" name="next" value="${escapeHtml(next ?? '')}">
  <label>User <input name="username" autocomplete="username"></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button>Sign in</button>
</form>`,
  );
}

function accountPage({ csrfToken, user, visits }) {
  return page(
    'Account',
    `<h1>Signed in as ${escapeHtml(user.displayName)}</h1>
<p>Visits this session: ${visits}</p>
<form method="post" action="/logout">
  <input type="hidden" name="_csrf" value="${escapeHtml(csrfToken)}">
  <button>Sign out</button>
</form>`,
  );
}

function homePage() {
  return page('Home', '<h1>Welcome</h1>\n<p><a href="/account">Your account</a></p>');
}

function forbiddenPage() {
  return page('Forbidden', '<h1>Form expired</h1>\n<p>Reload the page and try again.</p>');
}

module.exports = { accountPage, forbiddenPage, homePage, loginPage };
