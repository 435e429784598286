// A user directory with salted scrypt password hashes; verification runs in constant time.
const crypto = require('node:crypto');

const KEY_LENGTH = 32;

function hashPassword(password, salt = crypto.randomBytes(16)) {
  return { salt, hash: crypto.scryptSync(password, salt, KEY_LENGTH) };
}

function createUsers(entries) {
  const users = new Map();
  for (const [name, password, displayName] of entries) {
    users.set(name, { name, displayName, ...hashPassword(password) });
  }
  return {
    /** Resolves with the user when the password matches, otherwise with null. */
    authenticate(name, password) {
      return new Promise((resolve, reject) => {
        const user = typeof name === 'string' ? users.get(name) : undefined;
        // Hash even for unknown users, so timing does not reveal which names exist.
        const salt = user ? user.salt : crypto.randomBytes(16);
        crypto.scrypt(String(password ?? ''), salt, KEY_LENGTH, (err, derived) => {
          if (err) return reject(err);
          resolve(user && crypto.timingSafeEqual(derived, user.hash) ? user : null);
        });
      });
    },
    get(name) {
      return users.get(name);
    },
  };
}

module.exports = { createUsers };
