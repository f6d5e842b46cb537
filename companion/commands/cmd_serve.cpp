// serve: a session served to one page per seat (companion/serve/), the
// terminal staying a shell on the same session.
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

#include <iostream>
#include <mutex>
#include <thread>

#include "bocage/msg/play.h"
#include "bocage/msg/serve.h"
#include "commands.h"
#include "companion/repl/shell.h"
#include "companion/serve/board_icons.h"
#include "companion/serve/local_address.h"
#include "companion/serve/seat_tokens.h"
#include "companion/serve/terminal_qr.h"
#include "companion/serve/web_server.h"
#include "companion/serve/web_table.h"
#include "core/data_folders.h"
#include "core/toml_file.h"
#include "session_opening.h"

namespace bocage {

namespace fs = std::filesystem;

namespace {

/// This machine's best local-network address, else the loopback.
std::string best_local(const std::vector<std::string>& local) {
  return local.empty() ? "127.0.0.1" : local.front();
}

}  // namespace

int run_serve(const PlayOptions& o, const ServeOptions& serve, std::ostream& out,
              std::ostream& err) {
  int status = 0;
  // SESSION when the argument is a file, else a new game.
  fs::path path;
  std::error_code ec;
  const bool saved = fs::is_regular_file(o.game, ec);
  if (saved) path = o.game;
  PlayOptions fresh = o;
  fresh.private_screens = true;
  std::optional<Session> session = saved ? open_saved_session(path, o, err, status)
                                         : create_session(fresh, out, err, status, &path);
  if (!session) return status;
  const Lang lang = session->lang();
  // A serve refused before it serves (no page, no port, no address) leaves
  // no new session nor tokens file behind.
  auto forget = [&] {
    if (saved) return;
    std::error_code ignored;
    fs::remove(tokens_path(path), ignored);
    fs::remove(path, ignored);
    err << tr(lang, msg::serve::not_started, "file"_a = path.string()) << "\n";
  };
  std::string why;
  const fs::path tokens_file = tokens_path(path);
  auto tokens = seat_tokens(tokens_file, session->module().seats().size(), &why, lang,
                            size_t(serve.observers));
  if (!tokens) {
    err << tr(lang, msg::serve::tokens_unreadable, "file"_a = tokens_file.string(), "why"_a = why)
        << "\n";
    forget();
    return 3;
  }
  const std::string& game = session->log().header().game;
  const fs::path data = data_root(o, game);
  const fs::path web = web_folder(data);
  const std::string title = game_title(data, game, lang);
  WebTable table(*session, title);
  {
    // A command left open at a question is asked on its seat's page.
    std::lock_guard guard(table.lock());
    table.adopt_open();
  }
  WebServer server(table, *tokens, session->module().seats().size(), web);
  // The board's printed icons, read now: the page asks for them by name.
  const fs::path templates = templates_root(o, game);
  for (int seat = 0; seat < int(session->module().seats().size()); ++seat) {
    const auto board = session->module().board_view(session->state(), seat, lang);
    if (!board) break;
    for (const auto& name : board_icon_names(*board))
      if (auto svg = read_board_icon(name, data / game, templates))
        server.add_file(board_icon_url(name), std::move(*svg), "image/svg+xml");
  }
  if (!server.has_page()) {
    err << tr(lang, msg::serve::web_missing, "folder"_a = web.string()) << "\n";
    forget();
    return 1;
  }
  // By default the local network's address: a phone on the same Wi-Fi opens
  // the URLs; none found, this machine alone (and it says so).
  const auto local = local_network_addresses();
  std::string address = serve.address;
  if (address.empty()) {
    address = best_local(local);
    if (local.empty()) out << tr(lang, msg::serve::no_local_network) << "\n";
  }
  if (!server.bind(address, serve.port)) {
    err << tr(lang, msg::serve::cannot_listen, "address"_a = address,
              "port"_a = std::to_string(serve.port))
        << "\n";
    forget();
    return 2;
  }
  // The address a phone reaches: the one listened on, or for every network
  // ("0.0.0.0", "::") the best local-network one.
  const bool every = address == "0.0.0.0" || address == "::";
  const std::string host = url_host(every ? best_local(local) : address);
  out << tr(lang, msg::serve::serving, "game"_a = title, "address"_a = url_host(address),
            "port"_a = std::to_string(server.port()))
      << "\n";
  const auto& seats = session->module().seats();
  // As printed, for the URLs and the terminal's notes ("プレイヤー" for one seat).
  const std::vector<std::string> names = seat_names(session->module(), lang);
  for (size_t i = 0; i < tokens->size(); ++i) {
    // The token in the URL's fragment: a browser never sends it in a request
    // line, so no access log, proxy or Referer holds it.
    const std::string url =
        "http://" + host + ":" + std::to_string(server.port()) + "/#t=" + (*tokens)[i];
    if (i < seats.size())
      out << tr(lang, msg::serve::seat_url, "seat"_a = names[i], "url"_a = url);
    else
      out << tr(lang, msg::serve::observer_url, "number"_a = int(i - seats.size() + 1),
                "url"_a = url);
    out << "\n";
    if (::isatty(STDOUT_FILENO) == 1) out << terminal_qr(url);
  }
  out.flush();
  const bool colour = use_colour(STDOUT_FILENO);
  std::thread http([&] { server.run(); });
  server.wait_until_running();  // a quit at once must find it running to stop it
  // What the pages do shows on the terminal too.
  std::mutex echo_lock;  // pages' threads echo one at a time
  table.echo = [&out, &echo_lock, colour](const std::vector<Line>& lines) {
    std::lock_guard guard(echo_lock);
    print_lines(out, public_lines(lines), colour);
  };
  auto source = stream_source(std::cin, out);
  SourceAsker asker(*source, out, colour, lang);
  // The terminal is a screen every player may see: no seat's own lines there.
  asker.set_public_only(names);
  SharedSession shared{table.lock(), [&](const std::vector<Line>& lines) { table.changed(lines); },
                       true};
  status = run_shell(*session, *source, asker, out, colour, nullptr, &shared);
  server.stop();
  http.join();
  return status;
}

}  // namespace bocage
