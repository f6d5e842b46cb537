#include "web_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "seat_tokens.h"

namespace bocage {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr size_t kBodyLimit = 4096;         // a move or an answer is a few words
constexpr size_t kFileLimit = 1024 * 1024;  // one of the page's files
constexpr int kLongPollMs = 20000;
// A connection's thread: the server's own code and nlohmann's (sanitizers
// make frames larger); a thread touches only the pages it uses.
constexpr size_t kThreadStack = 1024 * 1024;
constexpr unsigned kIdleSeconds = 10;  // libmicrohttpd's own timeout of a silent connection

std::string type_of(const fs::path& p) {
  const std::string e = p.extension().string();
  if (e == ".html") return "text/html; charset=utf-8";
  if (e == ".js") return "text/javascript; charset=utf-8";
  if (e == ".css") return "text/css; charset=utf-8";
  if (e == ".json") return "application/json; charset=utf-8";
  if (e == ".svg") return "image/svg+xml";
  if (e == ".png") return "image/png";
  return "application/octet-stream";
}

/// Queues `body` with `status` and the headers every answer carries.
void respond(MHD_Connection* c, unsigned status, const std::string& body, const std::string& type,
             bool retry = false, bool close = false) {
  MHD_Response* r = MHD_create_response_from_buffer(body.size(), const_cast<char*>(body.data()),
                                                    MHD_RESPMEM_MUST_COPY);
  MHD_add_response_header(r, "Content-Type", type.c_str());
  MHD_add_response_header(r, "Cache-Control", "no-store");
  MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
  MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
  MHD_add_response_header(r, "Content-Security-Policy",
                          "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
  if (retry) MHD_add_response_header(r, "Retry-After", "1");
  if (close) MHD_add_response_header(r, "Connection", "close");
  MHD_queue_response(c, status, r);
  MHD_destroy_response(r);
}

std::string header(MHD_Connection* c, const char* name) {
  const char* v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
  return v ? v : "";
}

std::string peer_address(MHD_Connection* c) {
  const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return "";
  char text[INET6_ADDRSTRLEN] = {};
  const sockaddr* a = info->client_addr;
  if (a->sa_family == AF_INET)
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(a)->sin_addr, text, sizeof text);
  else if (a->sa_family == AF_INET6)
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(a)->sin6_addr, text, sizeof text);
  return text;
}

}  // namespace

/// libmicrohttpd's callbacks, with its own types.
struct WebServerHooks {
  static MHD_Result request(void* cls, MHD_Connection* c, const char* url, const char* method,
                            const char* /*version*/, const char* upload, size_t* upload_size,
                            void** state) {
    auto& server = *static_cast<WebServer*>(cls);
    auto* r = static_cast<WebServer::Request*>(*state);
    if (!r) {
      // The head is in. A body declared beyond the bound is refused before
      // a byte of it is read (no 100 Continue).
      r = new WebServer::Request;
      *state = r;
      const std::string length = header(c, "Content-Length");
      if (length.find_first_not_of("0123456789") != std::string::npos) {
        r->answered = true;
        respond(c, MHD_HTTP_BAD_REQUEST, "", "text/plain", false, true);
        return MHD_YES;
      }
      // A chunked body cannot be bounded before it is read: a page always
      // sends its length, so one is refused as too large, at once.
      std::string framing = header(c, "Transfer-Encoding");
      std::transform(framing.begin(), framing.end(), framing.begin(),
                     [](unsigned char ch) { return char(std::tolower(ch)); });
      if ((!length.empty() && (length.size() > 9 || std::stoull(length) > kBodyLimit)) ||
          framing.find("chunked") != std::string::npos) {
        r->answered = true;
        respond(c, MHD_HTTP_CONTENT_TOO_LARGE, "", "text/plain", false, true);
        return MHD_YES;
      }
      // Answered at the next call, once the body (if any) is in: an answer
      // queued now would close the connection (libmicrohttpd 0.9.75).
      return MHD_YES;
    } else if (*upload_size > 0) {
      // A declared body, within the bound (checked above): kept as it comes;
      // past the bound nonetheless, the connection is closed, the rest unread.
      if (r->body.size() + *upload_size > kBodyLimit) return MHD_NO;
      r->body.append(upload, *upload_size);
      *upload_size = 0;
      return MHD_YES;
    }
    if (r->answered) return MHD_YES;
    r->answered = true;
    server.answer(c, url, method, *r);
    return MHD_YES;
  }

  static void completed(void* cls, MHD_Connection* c, void** state, MHD_RequestTerminationCode) {
    delete static_cast<WebServer::Request*>(*state);
    *state = nullptr;
    // Kept alive: the next request's deadline counts from now.
    auto& server = *static_cast<WebServer*>(cls);
    const MHD_ConnectionInfo* info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (!info || !info->socket_context) return;
    std::lock_guard g(server.mu_);
    auto* conn = static_cast<WebServer::Connection*>(info->socket_context);
    conn->since = Clock::now();
    conn->answering = false;
  }

  static void connection(void* cls, MHD_Connection* c, void** socket_context,
                         MHD_ConnectionNotificationCode what) {
    auto& server = *static_cast<WebServer*>(cls);
    if (what == MHD_CONNECTION_NOTIFY_STARTED) {
      auto* conn = new WebServer::Connection;
      const MHD_ConnectionInfo* fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
      conn->fd = fd ? fd->connect_fd : -1;
      conn->address = peer_address(c);
      conn->since = Clock::now();
      *socket_context = conn;
      server.opened(conn);
    } else if (*socket_context) {
      auto* conn = static_cast<WebServer::Connection*>(*socket_context);
      server.closed(conn);
      delete conn;
      *socket_context = nullptr;
    }
  }
};

WebServer::WebServer(WebTable& table, std::vector<std::string> tokens, size_t seats,
                     const fs::path& web, RequestLimits::Config limits)
    : table_(table), tokens_(std::move(tokens)), seats_(seats), limits_(limits) {
  // Only the page's own files, read once: no path a request names is opened.
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(web, ec)) {
    if (!entry.is_regular_file(ec) || entry.file_size(ec) > kFileLimit) continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream body;
    body << in.rdbuf();
    const std::string name = entry.path().filename().string();
    files_["/" + name] = {body.str(), type_of(entry.path())};
    if (name == "index.html") files_["/"] = files_["/" + name];
  }
}

void WebServer::add_file(const std::string& path, std::string body, std::string type) {
  files_[path] = {std::move(body), std::move(type)};
}

WebServer::~WebServer() {
  stop();
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

bool WebServer::has_page() const {
  return files_.count("/") > 0;
}

bool WebServer::bind(const std::string& address, int port) {
  sockaddr_storage addr{};
  socklen_t size = 0;
  in_addr v4{};
  in6_addr v6{};
  if (inet_pton(AF_INET, address.c_str(), &v4) == 1) {
    auto& a = reinterpret_cast<sockaddr_in&>(addr);
    a.sin_family = AF_INET;
    a.sin_addr = v4;
    a.sin_port = htons(uint16_t(port));
    size = sizeof a;
  } else if (inet_pton(AF_INET6, address.c_str(), &v6) == 1) {
    auto& a = reinterpret_cast<sockaddr_in6&>(addr);
    a.sin6_family = AF_INET6;
    a.sin6_addr = v6;
    a.sin6_port = htons(uint16_t(port));
    size = sizeof a;
    ipv6_ = true;
  } else {
    return false;
  }
  const int fd = ::socket(addr.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  // SO_REUSEADDR (a restart finds its port free at once), never SO_REUSEPORT:
  // a second server on the same port is refused, never handed half of the
  // pages' requests.
  int yes = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  if (ipv6_) ::setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &yes, sizeof yes);
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), size) != 0 || ::listen(fd, 128) != 0) {
    ::close(fd);
    return false;
  }
  socklen_t got = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &got);
  port_ = ntohs(addr.ss_family == AF_INET ? reinterpret_cast<sockaddr_in&>(addr).sin_port
                                          : reinterpret_cast<sockaddr_in6&>(addr).sin6_port);
  listen_fd_ = fd;
  return true;
}

void WebServer::run() {
  const auto& limits = limits_.config();
  unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL;
  if (ipv6_) flags |= MHD_USE_IPv6;
  {
    std::unique_lock g(mu_);
    if (stopping_ || listen_fd_ < 0) return;
    daemon_ = MHD_start_daemon(
        flags, 0, nullptr, nullptr, &WebServerHooks::request, this, MHD_OPTION_LISTEN_SOCKET,
        listen_fd_, MHD_OPTION_CONNECTION_LIMIT, unsigned(limits.connections),
        MHD_OPTION_CONNECTION_TIMEOUT, kIdleSeconds, MHD_OPTION_THREAD_STACK_SIZE, kThreadStack,
        MHD_OPTION_NOTIFY_COMPLETED, &WebServerHooks::completed, this, MHD_OPTION_NOTIFY_CONNECTION,
        &WebServerHooks::connection, this, MHD_OPTION_END);
    running_ = true;
    cv_.notify_all();
  }
  watch();
  std::lock_guard g(mu_);
  if (daemon_) {
    // Stopped with the lock let go: the connections' callbacks take it.
    MHD_Daemon* d = daemon_;
    daemon_ = nullptr;
    mu_.unlock();
    MHD_stop_daemon(d);
    mu_.lock();
  }
  listen_fd_ = -1;  // libmicrohttpd closed it
}

void WebServer::wait_until_running() const {
  std::unique_lock g(mu_);
  cv_.wait(g, [&] { return running_ || stopping_; });
}

void WebServer::stop() {
  table_.close();
  std::lock_guard g(mu_);
  stopping_ = true;
  cv_.notify_all();
}

void WebServer::opened(Connection* c) {
  std::lock_guard g(mu_);
  connections_.insert(c);
}

void WebServer::closed(Connection* c) {
  std::lock_guard g(mu_);
  connections_.erase(c);
}

void WebServer::watch() {
  const auto& limits = limits_.config();
  const auto deadline = std::chrono::milliseconds(limits.request_deadline_ms);
  std::unique_lock g(mu_);
  while (!stopping_) {
    cv_.wait_for(g, std::chrono::milliseconds(100), [&] { return stopping_; });
    const auto now = Clock::now();
    // Past its deadline: a head or a body that trickles, an idle
    // keep-alive. Shut down here; its own thread then closes it.
    std::map<std::string, std::vector<Connection*>> tokenless;
    for (Connection* c : connections_) {
      if (c->answering || c->fd < 0) continue;
      if (now - c->since > deadline) {
        ::shutdown(c->fd, SHUT_RDWR);
        c->fd = -1;
        continue;
      }
      if (!c->token) tokenless[c->address].push_back(c);
    }
    // An address's connections that showed no token, beyond its cap: the
    // oldest go first, so that a new one (a phone's) always gets in.
    for (auto& [address, list] : tokenless) {
      if (int(list.size()) <= limits.tokenless_per_address) continue;
      std::sort(list.begin(), list.end(),
                [](const Connection* a, const Connection* b) { return a->since < b->since; });
      for (size_t i = 0; i + size_t(limits.tokenless_per_address) < list.size(); ++i) {
        ::shutdown(list[i]->fd, SHUT_RDWR);
        list[i]->fd = -1;
      }
    }
  }
}

void WebServer::answer(MHD_Connection* c, const std::string& url, const std::string& method,
                       Request& request) {
  Connection* conn = nullptr;
  if (const MHD_ConnectionInfo* info =
          MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT))
    conn = static_cast<Connection*>(info->socket_context);
  const std::string address = peer_address(c);
  // Whose screen a request is from: a seat's number, WebTable::kObserver,
  // or none (403).
  const int token = seat_of_token(tokens_, header(c, "X-Bocage-Token"));
  if (conn) {
    std::lock_guard g(mu_);
    conn->answering = true;
    if (token >= 0) conn->token = true;
  }
  const std::optional<int> seat =
      token < 0 ? std::nullopt
                : std::optional<int>(size_t(token) < seats_ ? token : WebTable::kObserver);
  const std::string json_type = "application/json; charset=utf-8";
  // Within its address's rate, or nothing done (a page waits a second).
  if (!limits_.admit(address)) return respond(c, 429, "", "text/plain", true);
  // The path without its query.
  const std::string path = url;
  const bool api = path.rfind("/api/", 0) == 0;
  if (!api) {
    if (method != "GET" && method != "HEAD") return respond(c, 405, "", "text/plain");
    const auto f = files_.find(path);
    if (f == files_.end()) return respond(c, 404, "", "text/plain");
    return respond(c, 200, f->second.body, f->second.type);
  }
  // Anything under /api/ without a seat's token, whatever the method: 403,
  // and nothing said; an observer reads the view and sends nothing.
  if (!seat || (*seat == WebTable::kObserver && path != "/api/view" && path != "/api/log"))
    return respond(c, 403, "", "text/plain");
  if (path == "/api/view" && (method == "GET" || method == "HEAD")) {
    // ?since=V: wait (at most 20 s) for a version past V.
    if (const char* since = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "since")) {
      const std::string v = since;
      if (v.empty() || v.size() > 19 || v.find_first_not_of("0123456789") != std::string::npos)
        return respond(c, 403, "", "text/plain");
      // Held only within the address's and the server's number of polls.
      RequestLimits::Poll poll(limits_, address);
      if (!poll.held) return respond(c, 429, "", "text/plain", true);
      table_.wait_change(std::stoull(v), kLongPollMs);
    }
    return respond(c, 200, table_.view(*seat).dump(), json_type);
  }
  if (path == "/api/log" && (method == "GET" || method == "HEAD")) {
    // ?before=N: the page of commands before number N (the whole game, paged).
    size_t before = 0;
    if (const char* b = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "before")) {
      const std::string v = b;
      if (v.empty() || v.size() > 9 || v.find_first_not_of("0123456789") != std::string::npos)
        return respond(c, 403, "", "text/plain");
      before = std::stoul(v);
    }
    return respond(c, 200, table_.log(*seat, before, 50).dump(), json_type);
  }
  if (path == "/api/act" && method == "POST") {
    if (*seat == WebTable::kObserver) return respond(c, 403, "", "text/plain");
    json body = json::parse(request.body, nullptr, false);
    if (body.is_discarded()) body = json();
    return respond(c, 200, table_.act(*seat, body).dump(), json_type);
  }
  return respond(c, 403, "", "text/plain");
}

}  // namespace bocage
