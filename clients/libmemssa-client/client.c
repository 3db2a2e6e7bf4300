/*
** client.c -- the memssad client's connection: the text, JSON and pipeline
** levels of memssa-client.h (the typed level is typed.c).
**
** Invariants:
**   1. The connection is a blocking stream socket. Requests are queued in
**      an output buffer and written whole (short writes looped, EINTR
**      retried); received bytes gather in an input buffer from which reply
**      lines are cut; bytes after a line stay for the next reply.
**   2. While the daemon does not take our bytes, we read what it sends
**      (poll for both directions), so a long pipeline never deadlocks with
**      both sides waiting to write.
**   3. Every request sent through this file gets the next id; the ids of
**      requests awaiting replies sit in a FIFO, and each reply must carry
**      the oldest one (replies come in order, docs/protocol.md).
**   4. No reply line beyond MEMSSA_CLIENT_MAX_REPLY is buffered.
**   5. SIGPIPE is avoided with MSG_NOSIGNAL: a dead daemon is an error
**      return, never a signal in the host program.
*/
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "client_internal.h"

#define READ_CHUNK 65536           /* bytes asked of recv at a time */
#define SEND_THRESHOLD 65536       /* queued request bytes that trigger a write */
#define ERRMSG_CAP 1024

static int queue(memssa_client *c, const char *p, size_t n);

const char *memssa_client_strerror(int err) {
  switch (err) {
  case MEMSSA_CLIENT_OK: return "success";
  case MEMSSA_CLIENT_ECONNECT: return "cannot connect to memssad (is it running? try 'memssa daemon')";
  case MEMSSA_CLIENT_EIO: return "connection to memssad failed";
  case MEMSSA_CLIENT_EPROTO: return "memssad sent something that is not the awaited reply";
  case MEMSSA_CLIENT_EINVAL: return "invalid argument";
  case MEMSSA_CLIENT_ETOOBIG: return "reply too large";
  case MEMSSA_CLIENT_EUNSAFE: return "the socket or its directory belongs to another user, or is open to others";
  case MEMSSA_CLIENT_ERPC: return "memssad answered with an error";
  default: return "unknown error";
  }
}

/* ------------------------------------------------------------ connecting */

static int wrap(int fd, memssa_client **out) {
  memssa_client *c = calloc(1, sizeof *c);
  if (!c) {
    close(fd);
    return MEMSSA_CLIENT_EIO;
  }
  c->fd = fd;
  c->next_id = 1;
  *out = c;
  return 0;
}

int memssa_client_connect(const char *path, memssa_client **out) {
  char def[512];
  if (!out) return MEMSSA_CLIENT_EINVAL;
  *out = NULL;
  int flags = 0;
  if (!path) {
    if ((flags = memssa_client_default_socket(def, sizeof def)) < 0) return flags;
    path = def;
  }
  if (memssa_client_check_socket(path, flags, NULL, 0)) return MEMSSA_CLIENT_EUNSAFE;
  struct sockaddr_un a;
  memset(&a, 0, sizeof a);
  a.sun_family = AF_UNIX;
  if (strlen(path) >= sizeof a.sun_path) return MEMSSA_CLIENT_EINVAL;
  memcpy(a.sun_path, path, strlen(path) + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0) return MEMSSA_CLIENT_ECONNECT;
  if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
    close(fd);
    return MEMSSA_CLIENT_ECONNECT;
  }
  return wrap(fd, out);
}

int memssa_client_connect_tcp(const char *host, int port, const char *token,
                              memssa_client **out) {
  if (!out) return MEMSSA_CLIENT_EINVAL;
  *out = NULL;
  char ps[16];
  snprintf(ps, sizeof ps, "%d", port);
  struct addrinfo hints, *res = NULL;
  memset(&hints, 0, sizeof hints);
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, ps, &hints, &res) != 0) return MEMSSA_CLIENT_ECONNECT;
  int fd = -1;
  for (struct addrinfo *ai = res; ai; ai = ai->ai_next) {
    fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) continue;
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) break;
    close(fd);
    fd = -1;
  }
  freeaddrinfo(res);
  if (fd < 0) return MEMSSA_CLIENT_ECONNECT;
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  int rc = wrap(fd, out);
  if (rc || !token) return rc;
  if ((rc = queue(*out, token, strlen(token))) || (rc = queue(*out, "\n", 1)) ||
      (rc = memssa_client_flush(*out))) {
    memssa_client_close(*out);
    *out = NULL;
  }
  return rc;
}

void memssa_client_close(memssa_client *c) {
  if (!c) return;
  close(c->fd);
  free(c->in);
  free(c->out);
  free(c->pend);
  json_decref(c->error);
  free(c->errmsg);
  free(c);
}

void memssa_client_set_timeout(memssa_client *c, int ms) {
  if (!c) return;
  c->timeout_ms = ms > 0 ? ms : 0;
  struct timeval tv = {c->timeout_ms / 1000, (c->timeout_ms % 1000) * 1000};
  setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
}

/* ---------------------------------------------------------------- errors */

void memssa__set_errmsg(memssa_client *c, const char *msg) {
  size_t n = strlen(msg) + 1;
  char *m = realloc(c->errmsg, n);
  if (!m) return;
  memcpy(m, msg, n);
  c->errmsg = m;
}

int memssa__fail(memssa_client *c, int rc) {
  json_decref(c->error);
  c->error = NULL;
  memssa__set_errmsg(c, memssa_client_strerror(rc));
  return rc;
}

static int rpc_error(memssa_client *c, json_t *error) {
  json_decref(c->error);
  c->error = json_incref(error);
  char msg[ERRMSG_CAP];
  json_t *data = json_object_get(error, "data");
  const char *text = json_string_value(json_object_get(error, "message"));
  int n = snprintf(msg, sizeof msg, "error %lld: %s",
                   (long long)json_integer_value(json_object_get(error, "code")),
                   text ? text : "(no message)");
  const char *file = json_string_value(json_object_get(data, "file"));
  if (file && json_is_integer(json_object_get(data, "line")) && n > 0 && (size_t)n < sizeof msg)
    snprintf(msg + n, sizeof msg - (size_t)n, " (%s:%lld)", file,
             (long long)json_integer_value(json_object_get(data, "line")));
  memssa__set_errmsg(c, msg);
  return MEMSSA_CLIENT_ERPC;
}

const char *memssa_client_errmsg(memssa_client *c) {
  return c && c->errmsg ? c->errmsg : "success";
}

json_t *memssa_client_error_borrow(const memssa_client *c) {
  return c ? c->error : NULL;
}

/* ------------------------------------------------------ bytes in and out */

/* Room for READ_CHUNK more received bytes (compacting first). */
static int in_room(memssa_client *c) {
  if (c->in_start) {
    memmove(c->in, c->in + c->in_start, c->in_n - c->in_start);
    c->in_scan -= c->in_start;
    c->in_n -= c->in_start;
    c->in_start = 0;
  }
  if (c->in_cap - c->in_n >= READ_CHUNK) return 0;
  if (c->in_n - c->in_start >= MEMSSA_CLIENT_MAX_REPLY) return MEMSSA_CLIENT_ETOOBIG;
  size_t nc = c->in_cap ? c->in_cap * 2 : 2 * READ_CHUNK;
  char *nb = realloc(c->in, nc);
  if (!nb) return MEMSSA_CLIENT_EIO;
  c->in = nb;
  c->in_cap = nc;
  return 0;
}

/* One recv into the input buffer; `flags` MSG_DONTWAIT while writing. */
static int fill(memssa_client *c, int flags) {
  int rc = in_room(c);
  if (rc) return rc;
  for (;;) {
    ssize_t k = recv(c->fd, c->in + c->in_n, c->in_cap - c->in_n, flags);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0 && (flags & MSG_DONTWAIT) && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
    if (k <= 0) return MEMSSA_CLIENT_EIO;
    c->in_n += (size_t)k;
    return 0;
  }
}

static int queue(memssa_client *c, const char *p, size_t n) {
  if (c->out_cap - c->out_n < n) {
    size_t nc = c->out_cap ? c->out_cap : 4096;
    while (nc - c->out_n < n) nc *= 2;
    char *nb = realloc(c->out, nc);
    if (!nb) return MEMSSA_CLIENT_EIO;
    c->out = nb;
    c->out_cap = nc;
  }
  memcpy(c->out + c->out_n, p, n);
  c->out_n += n;
  return 0;
}

/* Waits until the socket can take bytes, reading what arrives meanwhile
** (invariant 2). */
static int wait_writable(memssa_client *c) {
  for (;;) {
    struct pollfd p = {c->fd, POLLOUT | POLLIN, 0};
    int k = poll(&p, 1, c->timeout_ms ? c->timeout_ms : -1);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return MEMSSA_CLIENT_EIO;
    if (p.revents & POLLIN) {
      int rc = fill(c, MSG_DONTWAIT);
      if (rc) return rc;
    }
    if (p.revents & POLLOUT) return 0;
    if (p.revents & (POLLERR | POLLNVAL | POLLHUP)) return MEMSSA_CLIENT_EIO;
  }
}

int memssa_client_flush(memssa_client *c) {
  if (!c) return MEMSSA_CLIENT_EINVAL;
  size_t done = 0;
  int rc = 0;
  while (done < c->out_n) {
    ssize_t k = send(c->fd, c->out + done, c->out_n - done, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (k > 0) {
      done += (size_t)k;
    } else if (k < 0 && errno == EINTR) {
      continue;
    } else if (k < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      if ((rc = wait_writable(c))) break;
    } else {
      rc = MEMSSA_CLIENT_EIO;
      break;
    }
  }
  memmove(c->out, c->out + done, c->out_n - done);
  c->out_n -= done;
  return rc ? memssa__fail(c, rc) : 0;
}

/* The next reply line, without its '\n': *line points into the input
** buffer, valid until the next read. */
static int read_line(memssa_client *c, char **line, size_t *len) {
  int rc = memssa_client_flush(c);
  if (rc) return rc;
  if (c->in_scan < c->in_start) c->in_scan = c->in_start;
  for (;;) {
    char *nl = c->in_n > c->in_scan ? memchr(c->in + c->in_scan, '\n', c->in_n - c->in_scan)
                                    : NULL;
    if (nl) {
      *line = c->in + c->in_start;
      *len = (size_t)(nl - *line);
      *nl = 0;
      c->in_start = c->in_scan = (size_t)(nl - c->in) + 1;
      return 0;
    }
    c->in_scan = c->in_n;
    if ((rc = fill(c, 0))) return memssa__fail(c, rc);
  }
}

/* ----------------------------------------------------------- the id FIFO */

static int pend_push(memssa_client *c, long long id) {
  if (c->pend_n == c->pend_cap) {
    size_t nc = c->pend_cap ? c->pend_cap * 2 : 64;
    long long *np = malloc(nc * sizeof *np);
    if (!np) return MEMSSA_CLIENT_EIO;
    for (size_t k = 0; k < c->pend_n; k++) np[k] = c->pend[(c->pend_head + k) % c->pend_cap];
    free(c->pend);
    c->pend = np;
    c->pend_cap = nc;
    c->pend_head = 0;
  }
  c->pend[(c->pend_head + c->pend_n) % c->pend_cap] = id;
  c->pend_n++;
  return 0;
}

size_t memssa_client_pending(const memssa_client *c) {
  return c ? c->pend_n : 0;
}

/* ------------------------------------------------------------ text level */

int memssa_client_roundtrip(memssa_client *c, const char *line, char **reply) {
  if (reply) *reply = NULL;
  if (!c || !line || c->pend_n) return MEMSSA_CLIENT_EINVAL;
  size_t n = strlen(line);
  while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) n--;
  if (memchr(line, '\n', n)) return MEMSSA_CLIENT_EINVAL;
  int rc = queue(c, line, n);
  if (!rc) rc = queue(c, "\n", 1);
  if (!rc) rc = memssa_client_flush(c);
  if (rc || !reply) return rc;
  char *l;
  size_t len;
  if ((rc = read_line(c, &l, &len))) return rc;
  if (!(*reply = malloc(len + 1))) return memssa__fail(c, MEMSSA_CLIENT_EIO);
  memcpy(*reply, l, len + 1);
  return 0;
}

int memssa_client_call(memssa_client *c, const char *method, const char *params_json,
                       char **reply) {
  if (reply) *reply = NULL;
  if (!c || !method) return MEMSSA_CLIENT_EINVAL;
  /* Decoded and encoded again by jansson, never pasted: a params text
  ** that is not one JSON value is refused here, not sent. */
  json_t *params = params_json ? json_loads(params_json, JSON_DECODE_ANY, NULL) : NULL;
  if (params_json && !params) return MEMSSA_CLIENT_EINVAL;
  json_t *req = json_pack("{sssIss}", "jsonrpc", "2.0", "id", (json_int_t)c->next_id++, "method",
                          method);
  if (!req) {
    json_decref(params);
  } else if (params && json_object_set_new(req, "params", params)) {   /* steals params */
    json_decref(req);
    req = NULL;
  }
  char *line = req ? json_dumps(req, JSON_COMPACT) : NULL;
  json_decref(req);
  if (!line) return MEMSSA_CLIENT_EINVAL;
  int rc = memssa_client_roundtrip(c, line, reply);
  free(line);
  return rc;
}

/* ------------------------------------------------- JSON and pipeline level */

/* jansson's dump callback into the output queue. */
static int queue_cb(const char *p, size_t n, void *data) {
  return queue(data, p, n) ? -1 : 0;
}

static int queue_json(memssa_client *c, json_t *v) {
  size_t before = c->out_n;
  if (json_dump_callback(v, queue_cb, c, JSON_COMPACT) || queue(c, "\n", 1)) {
    c->out_n = before;
    return MEMSSA_CLIENT_EIO;
  }
  return 0;
}

int memssa_client_send(memssa_client *c, const char *method, json_t *params, long long *id) {
  if (!c || !method || (params && !json_is_object(params))) return MEMSSA_CLIENT_EINVAL;
  long long my = c->next_id;
  /* Plain sets, not json_pack: it parses its format on every call (~1k
  ** instructions, a few percent of a pipelined query's client side). */
  json_t *req = json_object();
  if (!req || json_object_set_new(req, "jsonrpc", json_string("2.0")) ||
      json_object_set_new(req, "id", json_integer((json_int_t)my)) ||
      json_object_set_new(req, "method", json_string(method))) {
    json_decref(req);
    return MEMSSA_CLIENT_EINVAL;
  }
  if (params) json_object_set(req, "params", params);
  int rc = queue_json(c, req);
  json_decref(req);
  if (!rc) rc = pend_push(c, my);
  if (rc) return memssa__fail(c, rc);
  c->next_id++;
  if (id) *id = my;
  return c->out_n >= SEND_THRESHOLD ? memssa_client_flush(c) : 0;
}

int memssa_client_send_new(memssa_client *c, const char *method, json_t *params,
                           long long *id) {
  int rc = memssa_client_send(c, method, params, id);
  json_decref(params);
  return rc;
}

/* Parses the next line as a reply object with id `want`. */
static int recv_id(memssa_client *c, long long want, json_t **reply) {
  char *line;
  size_t len;
  int rc = read_line(c, &line, &len);
  if (rc) return rc;
  json_t *r = json_loadb(line, len, 0, NULL);
  json_t *id = json_object_get(r, "id");
  if (!json_is_object(r) || !json_is_integer(id) || json_integer_value(id) != want) {
    json_decref(r);
    return memssa__fail(c, MEMSSA_CLIENT_EPROTO);
  }
  *reply = r;
  return 0;
}

int memssa_client_recv(memssa_client *c, json_t **reply) {
  if (reply) *reply = NULL;
  if (!c || !reply || !c->pend_n) return MEMSSA_CLIENT_EINVAL;
  long long want = c->pend[c->pend_head];
  c->pend_head = (c->pend_head + 1) % c->pend_cap;
  c->pend_n--;
  return recv_id(c, want, reply);
}

/* The result of a whole reply (new), or ERPC with its error recorded. */
static int take_result(memssa_client *c, json_t *reply, json_t **result) {
  json_t *res = json_object_get(reply, "result"), *err = json_object_get(reply, "error");
  int rc = res ? 0 : err ? rpc_error(c, err) : memssa__fail(c, MEMSSA_CLIENT_EPROTO);
  if (!rc) {
    json_decref(c->error);
    c->error = NULL;
  }
  *result = json_incref(res);
  json_decref(reply);
  return rc;
}

int memssa_client_recv_result(memssa_client *c, json_t **result) {
  json_t *reply;
  if (result) *result = NULL;
  if (!result) return MEMSSA_CLIENT_EINVAL;
  int rc = memssa_client_recv(c, &reply);
  return rc ? rc : take_result(c, reply, result);
}

int memssa_client_request(memssa_client *c, const char *method, json_t *params,
                          json_t **result) {
  if (result) *result = NULL;
  if (!c || !result || c->pend_n) return MEMSSA_CLIENT_EINVAL;
  int rc = memssa_client_send(c, method, params, NULL);
  return rc ? rc : memssa_client_recv_result(c, result);
}

int memssa_client_request_new(memssa_client *c, const char *method, json_t *params,
                              json_t **result) {
  int rc = memssa_client_request(c, method, params, result);
  json_decref(params);
  return rc;
}

/* ------------------------------------------------------------------ batch */

/* The batch line, one request at a time: each is sent as a copy with
** "jsonrpc" and an id, dumped by jansson into the queue and dropped at once
** (no array of copies); only the '[', ',' and ']' between them are written
** here (jansson has no encoder for an array given one element at a time).
** Nothing is queued unless every request is valid. */
static int queue_batch(memssa_client *c, json_t *requests, long long first) {
  size_t i, before = c->out_n;
  json_t *q;
  json_array_foreach(requests, i, q)
    if (!json_is_object(q) || !json_is_string(json_object_get(q, "method")))
      return MEMSSA_CLIENT_EINVAL;
  int rc = queue(c, "[", 1);
  json_array_foreach(requests, i, q) {
    json_t *r = json_copy(q);   /* shallow: the params are shared, not copied */
    json_object_set_new(r, "jsonrpc", json_string("2.0"));
    json_object_set_new(r, "id", json_integer((json_int_t)(first + (long long)i)));
    if (!rc && i) rc = queue(c, ",", 1);
    if (!rc && json_dump_callback(r, queue_cb, c, JSON_COMPACT)) rc = MEMSSA_CLIENT_EIO;
    json_decref(r);
  }
  if (!rc) rc = queue(c, "]\n", 2);
  if (rc) c->out_n = before;
  return rc ? MEMSSA_CLIENT_EIO : 0;
}

static size_t skip_blanks(const char *s, size_t len, size_t i) {
  while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n')) i++;
  return i;
}

/* Reply `r` (taken) of the batch into its request's place, by its id
** (invariant 3: each id once, each one of the batch's). */
static int place_reply(json_t *out, json_t *r, long long first, size_t n) {
  json_t *id = json_object_get(r, "id");
  long long at = json_is_integer(id) ? (long long)json_integer_value(id) - first : -1;
  if (at < 0 || (size_t)at >= n || !json_is_null(json_array_get(out, (size_t)at))) {
    json_decref(r);
    return MEMSSA_CLIENT_EPROTO;
  }
  json_array_set_new(out, (size_t)at, r);
  return 0;
}

/* The batch's reply line, decoded one reply at a time (jansson, with
** JSON_DISABLE_EOF_CHECK: it says how far it read), each put in its place:
** no document of n replies is held beside the array handed out. */
static int read_replies(const char *line, size_t len, long long first, size_t n,
                        json_t **replies) {
  json_t *out = json_array();
  for (size_t k = 0; k < n; k++) json_array_append_new(out, json_null());
  size_t i = skip_blanks(line, len, 0), got = 0;
  int rc = i < len && line[i] == '[' ? 0 : MEMSSA_CLIENT_EPROTO;
  for (i++; !rc && got < n; got++) {
    json_error_t err;
    json_t *r = json_loadb(line + i, len - i, JSON_DISABLE_EOF_CHECK, &err);
    if (!r) {
      rc = MEMSSA_CLIENT_EPROTO;
      break;
    }
    rc = place_reply(out, r, first, n);
    i = skip_blanks(line, len, i + (size_t)err.position);
    if (!rc && i < len && line[i] == ',' && got + 1 < n) i++;
    else if (!rc && !(i < len && line[i] == ']' && got + 1 == n)) rc = MEMSSA_CLIENT_EPROTO;
  }
  if (!rc && skip_blanks(line, len, i + 1) != len) rc = MEMSSA_CLIENT_EPROTO;
  if (rc) {
    json_decref(out);
    return rc;
  }
  *replies = out;
  return 0;
}

int memssa_client_batch(memssa_client *c, json_t *requests, json_t **replies) {
  if (replies) *replies = NULL;
  if (!c || !replies || !json_is_array(requests) || !json_array_size(requests) || c->pend_n)
    return MEMSSA_CLIENT_EINVAL;
  size_t n = json_array_size(requests);
  long long first = c->next_id;
  int rc = queue_batch(c, requests, first);
  if (rc) return rc;
  c->next_id += (long long)n;
  char *line;
  size_t len;
  if ((rc = read_line(c, &line, &len))) return rc;
  rc = read_replies(line, len, first, n, replies);
  return rc ? memssa__fail(c, rc) : 0;
}
