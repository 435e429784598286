// Validation of book payloads and list queries: each check returns a list of { field, message }
// problems, empty when the input is acceptable. Unknown fields are rejected rather than stored.

const FIELDS = ['title', 'author', 'year', 'tags'];

function checkString(problems, body, field, max) {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push({ field, message: `${field} must be a non-empty string` });
  } else if (value.length > max) {
    problems.push({ field, message: `${field} must be at most ${max} characters` });
  }
}

/** Checks a book body; `partial` (PATCH) only checks the fields that are present. */
function validateBook(body, { partial = false } = {}) {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return [{ field: '(body)', message: 'body must be a JSON object' }];
  }
  const problems = [];
  for (const key of Object.keys(body)) {
    if (!FIELDS.includes(key)) problems.push({ field: key, message: `unknown field ${key}` });
  }
  const needs = (field) => !partial || Object.hasOwn(body, field);
  if (needs('title')) checkString(problems, body, 'title', 200);
  if (needs('author')) checkString(problems, body, 'author', 100);
  if (needs('year')) {
    const year = body.year;
    if (!Number.isInteger(year) || year < 1450 || year > new Date().getFullYear()) {
      problems.push({
        field: 'year',
        message: `year must be an integer between 1450 and ${new Date().getFullYear()}`,
      });
    }
  }
  if (Object.hasOwn(body, 'tags')) {
    const tags = body.tags;
    if (
      !Array.isArray(tags) ||
      tags.length > 10 ||
      !tags.every((t) => typeof t === 'string' && t.length <= 30)
    ) {
      problems.push({
        field: 'tags',
        message: 'tags must be an array of at most 10 strings of at most 30 characters',
      });
    }
  }
  return problems;
}

/** Parses ?limit=&offset=&author= into numbers and strings, collecting problems. */
function parseListQuery(query) {
  const problems = [];
  const int = (name, fallback, min, max) => {
    const raw = query[name];
    if (raw === undefined) return fallback;
    const value = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= min && value <= max))
      problems.push({ field: name, message: `${name} must be an integer from ${min} to ${max}` });
    return value;
  };
  const limit = int('limit', 10, 1, 100);
  const offset = int('offset', 0, 0, 100000);
  const author = query.author;
  if (author !== undefined && typeof author !== 'string') {
    problems.push({ field: 'author', message: 'author must be given once, as a string' });
  }
  return { problems, limit, offset, author };
}

module.exports = { validateBook, parseListQuery };
