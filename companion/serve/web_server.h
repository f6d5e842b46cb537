// The web companion's HTTP server (GNU libmicrohttpd, Debian's
// libmicrohttpd-dev): the installed page's files, read once at start and
// served to anyone (they hold nothing of a game); /api/view and /api/act for
// a request that carries a seat's token in the X-Bocage-Token header
// (anything else under /api/ gets 403 and an empty body). No cookies: a page
// of another site can neither read an answer (no CORS header) nor send the
// token.
//
// No one can stall it (docs/companion.md, "A server no one can stall"): a
// thread per connection, so a slow or idle connection holds no one else's;
// a request's head and body within a deadline; a body bounded before it is
// read (a declared length beyond the bound, or any chunked body, which
// cannot be bounded: 413 and the connection closed, no 100 Continue); an address's connections
// that showed no token capped (its oldest closed); pipelined requests each
// answered; HEAD answered. Each address has a rate of requests and a number
// of long polls (RequestLimits): beyond them, 429 and nothing done.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "request_limits.h"
#include "web_table.h"

struct MHD_Daemon;
struct MHD_Connection;

namespace bocage {

class WebServer {
 public:
  /// `tokens`: one per seat, in the seats' order, then one per observer (a
  /// screen of no seat: it sees what every seat may see and acts for no
  /// one). `web`: the folder of the page's files (index.html, app.js, ...).
  WebServer(WebTable& table, std::vector<std::string> tokens, size_t seats,
            const std::filesystem::path& web,
            RequestLimits::Config limits = RequestLimits::Config{});
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;
  /// Serves `body` at `path` ("/icons/hedge.svg") as one of the page's
  /// files; before run().
  void add_file(const std::string& path, std::string body, std::string type);
  /// The page's files were read: false when index.html is missing.
  bool has_page() const;
  /// Binds `address` (numeric IPv4 or IPv6):`port` (0: a free port); false
  /// when it cannot (in use, not an address of this machine).
  bool bind(const std::string& address, int port);
  int port() const { return port_; }
  /// Serves until stop(); call on a thread of its own.
  void run();
  /// Returns once run() is serving (stop() before that would be lost).
  void wait_until_running() const;
  void stop();

  /// One connection, while it is open (the server's own bookkeeping).
  struct Connection {
    int fd = -1;
    std::string address;
    std::chrono::steady_clock::time_point since;  // opened, or last answered
    bool answering = false;                       // its request's head and body are in: no deadline
    bool token = false;                           // it has shown a seat's token
  };
  /// A request being read (its body so far).
  struct Request {
    std::string body;
    bool answered = false;
  };

 private:
  struct File {
    std::string body, type;
  };
  /// What a request asks, answered once its head and body are in.
  void answer(MHD_Connection* c, const std::string& url, const std::string& method,
              Request& request);
  /// Closes the connections past their deadline, and an address's oldest
  /// tokenless ones beyond its cap; every 100 ms while serving.
  void watch();
  void opened(Connection* c);
  void closed(Connection* c);

  friend struct WebServerHooks;  // libmicrohttpd's callbacks (web_server.cpp)

  WebTable& table_;
  std::vector<std::string> tokens_;
  size_t seats_ = 0;
  RequestLimits limits_;
  std::map<std::string, File> files_;  // by path ("/", "/app.js")
  int listen_fd_ = -1;
  bool ipv6_ = false;
  int port_ = 0;
  MHD_Daemon* daemon_ = nullptr;

  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  bool running_ = false, stopping_ = false;
  std::set<Connection*> connections_;
};

}  // namespace bocage
