// The web companion's HTTP server (cpp-httplib, Debian's libcpp-httplib):
// the installed page's files, read once at start and served to anyone (they
// hold nothing of a game); /api/view and /api/act for a request that carries
// a seat's token in the X-Bocage-Token header (anything else under /api/ gets
// 403 and an empty body). No cookies: a page of another site can neither read
// an answer (no CORS header) nor send the token. Request bodies are bounded,
// as are the worker threads; a long poll waits at most 20 s. Each address
// has a rate of requests and a number of long polls (RequestLimits): beyond
// them, 429 and nothing done.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "request_limits.h"
#include "web_table.h"

namespace httplib {
class Server;
}

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
  /// The page's files were read: false when index.html is missing.
  bool has_page() const;
  /// Binds `address`:`port` (0: a free port); false when it cannot.
  bool bind(const std::string& address, int port);
  int port() const { return port_; }
  /// Serves until stop(); call on a thread of its own.
  void run();
  /// Returns once run() is serving (stop() before that would be lost).
  void wait_until_running() const;
  void stop();

 private:
  struct File {
    std::string body, type;
  };
  WebTable& table_;
  std::vector<std::string> tokens_;
  size_t seats_ = 0;
  RequestLimits limits_;
  std::map<std::string, File> files_;  // by path ("/", "/app.js")
  std::unique_ptr<httplib::Server> server_;
  int port_ = 0;
};

}  // namespace bocage
