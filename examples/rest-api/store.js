// An in-memory book store with an async interface, standing in for a database client.
// Every method returns a promise, so the routes are written as they would be against a real driver.

function createStore(seed = []) {
  const books = new Map();
  let nextId = 1;
  for (const book of seed) {
    const id = nextId++;
    books.set(id, { id, ...book });
  }

  return {
    async list({ author, limit, offset }) {
      let all = [...books.values()];
      if (author) all = all.filter((b) => b.author.toLowerCase() === author.toLowerCase());
      return { total: all.length, items: all.slice(offset, offset + limit) };
    },
    async get(id) {
      return books.get(id);
    },
    async create(fields) {
      const book = { id: nextId++, ...fields };
      books.set(book.id, book);
      return book;
    },
    async update(id, fields) {
      const book = { ...books.get(id), ...fields, id };
      books.set(id, book);
      return book;
    },
    async remove(id) {
      return books.delete(id);
    },
  };
}

module.exports = { createStore };
