#include "engine_words.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "bocage/msg/engine.h"
#include "companion/text/normal_form.h"

namespace bocage {

namespace {

struct EngineWord {
  const char* id;
  CheckedMessage<> names;
};

const EngineWord kWords[] = {
    {"status", msg::engine::name_status}, {"history", msg::engine::name_history},
    {"log", msg::engine::name_log},       {"undo", msg::engine::name_undo},
    {"--force", msg::engine::name_force}, {"help", msg::engine::name_help},
    {"quit", msg::engine::name_quit},     {"cancel", msg::engine::name_cancel},
};

/// The names of `w` in both languages, as a line is read (NFKC, folded).
std::vector<std::string> names_of(const EngineWord& w) {
  std::vector<std::string> out;
  for (Lang lang : {Lang::ja, Lang::en}) {
    std::istringstream in(tr(lang, w.names));
    for (std::string name; std::getline(in, name, '|');)
      if (!name.empty()) out.push_back(command_text(nfkc(name)));
  }
  return out;
}

/// Every name of every engine word, read once (a line and an answer are
/// compared with them on every command).
const std::vector<std::pair<std::string, const char*>>& all_names() {
  static const auto names = [] {
    std::vector<std::pair<std::string, const char*>> out;
    for (const auto& w : kWords)
      for (auto& name : names_of(w)) out.emplace_back(std::move(name), w.id);
    return out;
  }();
  return names;
}

/// The id `word` names among the engine's words, or `word` itself.
std::string id_of(const std::string& word) {
  for (const auto& [name, id] : all_names())
    if (name == word) return id;
  return word;
}

}  // namespace

std::string engine_line(const std::string& line) {
  // The first word, and undo's flag; the rest (answers after --) as typed.
  const size_t start = line.find_first_not_of(' ');
  if (start == std::string::npos) return line;
  const size_t end = line.find(' ', start);
  const std::string first = line.substr(start, end == std::string::npos ? end : end - start);
  const std::string id = id_of(first);
  if (id == first || id == "--force" || id == "cancel") return line;
  std::string out = line.substr(0, start) + id;
  if (end == std::string::npos) return out;
  std::istringstream rest(line.substr(end));
  for (std::string w; rest >> w;)
    out += " " + (id == "undo" && id_of(w) == "--force" ? "--force" : w);
  return out;
}

bool is_cancel(const std::string& answer) {
  // A die's face or a choice's id (ASCII) is compared as it is: no NFKC.
  const bool ascii = std::all_of(answer.begin(), answer.end(),
                                 [](char c) { return (c & 0x80) == 0 && !(c >= 'A' && c <= 'Z'); });
  return id_of(ascii ? answer : command_text(nfkc(answer))) == "cancel";
}

std::string engine_word(const std::string& id, Lang lang) {
  for (const auto& w : kWords)
    if (id == w.id) {
      const std::string names = tr(lang, w.names);
      return names.substr(0, names.find('|'));
    }
  return id;
}

}  // namespace bocage
