#include "web_server.h"

#include <httplib.h>

#include <fstream>
#include <optional>
#include <sstream>
#include <thread>

#include "seat_tokens.h"

namespace bocage {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

constexpr size_t kBodyLimit = 4096;         // a move or an answer is a few words
constexpr size_t kFileLimit = 1024 * 1024;  // one of the page's files
constexpr int kLongPollMs = 20000;
// A connection holds a worker while it is open (cpp-httplib 0.11): a long
// poll for up to 20 s, an idle keep-alive connection for up to 2 s. A
// browser opens up to six: room for four screens and their reconnections.
constexpr int kWorkers = 32;
constexpr int kKeepAliveSeconds = 2;

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

void secure(httplib::Response& res) {
  res.set_header("Cache-Control", "no-store");
  res.set_header("X-Content-Type-Options", "nosniff");
  res.set_header("Referrer-Policy", "no-referrer");
  res.set_header("Content-Security-Policy",
                 "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'");
}

}  // namespace

WebServer::WebServer(WebTable& table, std::vector<std::string> tokens, size_t seats,
                     const fs::path& web, RequestLimits::Config limits)
    : table_(table),
      tokens_(std::move(tokens)),
      seats_(seats),
      limits_(limits),
      server_(std::make_unique<httplib::Server>()) {
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
  auto& S = *server_;
  S.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
  // SO_REUSEADDR (a restart finds its port free at once), not cpp-httplib's
  // SO_REUSEPORT: a second server on the same port is refused, never handed
  // half of the pages' requests.
  S.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  S.set_payload_max_length(kBodyLimit);
  S.set_read_timeout(10, 0);
  S.set_write_timeout(10, 0);
  S.set_keep_alive_max_count(1000);
  S.set_keep_alive_timeout(kKeepAliveSeconds);
  // Whose screen a request is from: a seat's number, WebTable::kObserver,
  // or none (403).
  auto seat_of = [this](const httplib::Request& req) -> std::optional<int> {
    const int i = seat_of_token(tokens_, req.get_header_value("X-Bocage-Token"));
    if (i < 0) return std::nullopt;
    return size_t(i) < seats_ ? i : WebTable::kObserver;
  };
  auto forbidden = [](httplib::Response& res) {
    res.status = 403;
    res.set_content("", "text/plain");
    secure(res);
  };
  auto too_many = [](httplib::Response& res) {
    res.status = 429;
    res.set_header("Retry-After", "1");
    res.set_content("", "text/plain");
    secure(res);
  };
  auto send = [](httplib::Response& res, const json& j) {
    res.set_content(j.dump(), "application/json; charset=utf-8");
    secure(res);
  };
  S.Get("/api/view", [=, this](const httplib::Request& req, httplib::Response& res) {
    const auto seat = seat_of(req);
    if (!seat) return forbidden(res);
    // ?since=V: wait (at most 20 s) for a version past V.
    if (req.has_param("since")) {
      const std::string v = req.get_param_value("since");
      if (v.empty() || v.size() > 19 || v.find_first_not_of("0123456789") != std::string::npos)
        return forbidden(res);
      // Held only within the address's and the server's number of polls:
      // the players' taps always find a free worker.
      RequestLimits::Poll poll(limits_, req.remote_addr);
      if (!poll.held) return too_many(res);
      table_.wait_change(std::stoull(v), kLongPollMs);
    }
    send(res, table_.view(*seat));
  });
  S.Post("/api/act", [=, this](const httplib::Request& req, httplib::Response& res) {
    const auto seat = seat_of(req);
    if (!seat || *seat == WebTable::kObserver) return forbidden(res);
    json body = json::parse(req.body, nullptr, false);
    if (body.is_discarded()) body = json();
    send(res, table_.act(*seat, body));
  });
  // Anything else under /api/, whatever the method: 403, and nothing said.
  S.set_pre_routing_handler([=, this](const httplib::Request& req, httplib::Response& res) {
    // Within its address's rate, or nothing done (a page waits a second).
    if (!limits_.admit(req.remote_addr)) {
      too_many(res);
      return httplib::Server::HandlerResponse::Handled;
    }
    const bool api = req.path.rfind("/api/", 0) == 0;
    // An observer reads the view; it sends nothing.
    const auto seat = api ? seat_of(req) : std::nullopt;
    if (api && (!seat || (*seat == WebTable::kObserver && req.path != "/api/view"))) {
      forbidden(res);
      return httplib::Server::HandlerResponse::Handled;
    }
    if (!api && req.method == "GET") {
      const auto f = files_.find(req.path);
      if (f == files_.end()) {
        res.status = 404;
        secure(res);
      } else {
        res.set_content(f->second.body, f->second.type);
        secure(res);
      }
      return httplib::Server::HandlerResponse::Handled;
    }
    if (!api) {
      res.status = 405;
      secure(res);
      return httplib::Server::HandlerResponse::Handled;
    }
    return httplib::Server::HandlerResponse::Unhandled;
  });
}

WebServer::~WebServer() = default;

bool WebServer::has_page() const {
  return files_.count("/") > 0;
}

bool WebServer::bind(const std::string& address, int port) {
  if (port == 0) {
    port_ = server_->bind_to_any_port(address);
    return port_ > 0;
  }
  if (!server_->bind_to_port(address, port)) return false;
  port_ = port;
  return true;
}

void WebServer::run() {
  server_->listen_after_bind();
}

void WebServer::wait_until_running() const {
  while (!server_->is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void WebServer::stop() {
  table_.close();
  server_->stop();
}

}  // namespace bocage
