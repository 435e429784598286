// vhost(pattern, handler): runs `handler` (an app or router) only for requests whose host name
// matches `pattern`, where `*` stands for exactly one label (e.g. '*.users.example.test').
// The labels matched by `*` are exposed as req.vhost[0], req.vhost[1], ...
function vhost(pattern, handler) {
  const want = pattern.toLowerCase().split('.');
  return function vhostMiddleware(req, res, next) {
    const host = req.hostname;
    if (!host) return next();
    const labels = host.toLowerCase().split('.');
    if (labels.length !== want.length) return next();
    const wildcards = [];
    for (let i = 0; i < want.length; i++) {
      if (want[i] === '*') wildcards.push(labels[i]);
      else if (want[i] !== labels[i]) return next();
    }
    req.vhost = Object.assign(wildcards, { host, hostname: host });
    handler(req, res, next);
  };
}

module.exports = { vhost };
