#include "rich_text.h"

#include <glib.h>

#include <cstdlib>

#include "bocage/msg/gen.h"

namespace bocage {

namespace {

constexpr std::string_view kRubyBaseMark = "\xEF\xBD\x9C";  // ｜ U+FF5C
constexpr std::string_view kRubyOpen = "\xE3\x80\x8A";      // 《 U+300A
constexpr std::string_view kRubyClose = "\xE3\x80\x8B";     // 》 U+300B

bool is_kanji(gunichar c) {
  return g_unichar_get_script(c) == G_UNICODE_SCRIPT_HAN || c == U'々' || c == U'〆' ||
         c == U'ヶ' || c == U'〇';
}

bool is_icon_name_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

/// Start of the run of kanji that ends at byte `end` of `s` (== end when none).
size_t kanji_run_start(const std::string& s, size_t end) {
  size_t start = end;
  while (start > 0) {
    const char* prev = g_utf8_find_prev_char(s.c_str(), s.c_str() + start);
    if (!prev || !is_kanji(g_utf8_get_char(prev))) break;
    start = static_cast<size_t>(prev - s.c_str());
  }
  return start;
}

struct OpenTag {
  StyleRange::Kind kind;
  size_t start;
  Color color;
  double scale;
  std::string name;
};

}  // namespace

void RichText::insert(size_t at, std::string_view s) {
  text.insert(at, s);
  const size_t n = s.size();
  auto move = [&](TextRange& r) {
    if (r.start >= at) r.start += n;
    if (r.end > at) r.end += n;
  };
  for (auto& st : styles) move(st.range);
  for (auto& r : rubies) move(r.base);
  for (auto& icon : icons)
    if (icon.index >= at) icon.index += n;
}

RichText parse_rich_text(std::string_view in,
                         const std::function<bool(const std::string&)>& is_icon) {
  RichText rt;
  std::string& out = rt.text;
  std::vector<OpenTag> open;
  size_t ruby_mark = std::string::npos;

  auto close = [&](StyleRange::Kind kind, const std::string& name) {
    for (size_t k = open.size(); k-- > 0;) {
      if (open[k].kind != kind) continue;
      if (k != open.size() - 1)
        rt.errors.push_back(
            both(msg::gen::markup_closes_open, "tag"_a = name, "open"_a = open.back().name));
      StyleRange s;
      s.kind = kind;
      s.range = {open[k].start, out.size()};
      s.color = open[k].color;
      s.scale = open[k].scale;
      if (s.range.end > s.range.start) rt.styles.push_back(s);
      open.erase(open.begin() + static_cast<long>(k));
      return;
    }
    rt.errors.push_back(both(msg::gen::markup_close_without_open, "tag"_a = name));
  };

  size_t i = 0;
  while (i < in.size()) {
    char c = in[i];
    if (c == '<') {
      size_t gt = in.find('>', i);
      if (gt != std::string_view::npos) {
        std::string tag(in.substr(i + 1, gt - i - 1));
        bool handled = true;
        if (tag == "b")
          open.push_back({StyleRange::Kind::bold, out.size(), {}, 1, "b"});
        else if (tag == "/b")
          close(StyleRange::Kind::bold, "b");
        else if (tag == "nobr")
          open.push_back({StyleRange::Kind::nobr, out.size(), {}, 1, "nobr"});
        else if (tag == "/nobr")
          close(StyleRange::Kind::nobr, "nobr");
        else if (tag == "br" || tag == "br/" || tag == "br /")
          out += '\n';
        else if (tag.rfind("color ", 0) == 0) {
          auto col = parse_color(tag.substr(6));
          if (!col) rt.errors.push_back(both(msg::gen::markup_bad_color, "tag"_a = tag));
          open.push_back({StyleRange::Kind::color, out.size(),
                          col.value_or(Color{0, 0, 0, 1, true}), 1, "color"});
        } else if (tag == "/color")
          close(StyleRange::Kind::color, "color");
        else if (tag.rfind("size ", 0) == 0) {
          std::string v = tag.substr(5);
          char* end = nullptr;
          double x = std::strtod(v.c_str(), &end);
          bool percent = end && *end == '%';
          if (percent) x /= 100;
          if (!end || end == v.c_str() || (*end != '\0' && !(percent && end[1] == '\0')) ||
              x <= 0 || x > 5) {
            rt.errors.push_back(both(msg::gen::markup_bad_size, "tag"_a = tag));
            x = 1;
          }
          open.push_back({StyleRange::Kind::size, out.size(), {}, x, "size"});
        } else if (tag == "/size")
          close(StyleRange::Kind::size, "size");
        else if (tag.rfind("size=", 0) == 0 || tag.rfind("size:", 0) == 0 ||
                 tag.rfind("color=", 0) == 0 || tag.rfind("color:", 0) == 0) {
          // <size=80%> as other tools write it: say how this one is written.
          if (tag[0] == 's') {
            rt.errors.push_back(both(msg::gen::markup_bad_size, "tag"_a = tag));
            open.push_back({StyleRange::Kind::size, out.size(), {}, 1, "size"});
          } else {
            rt.errors.push_back(both(msg::gen::markup_bad_color, "tag"_a = tag));
            open.push_back(
                {StyleRange::Kind::color, out.size(), Color{0, 0, 0, 1, true}, 1, "color"});
          }
        } else
          handled = false;
        if (handled) {
          i = gt + 1;
          continue;
        }
      }
    } else if (c == ':' && is_icon) {
      size_t j = i + 1;
      while (j < in.size() && is_icon_name_char(in[j])) ++j;
      if (j < in.size() && in[j] == ':' && j > i + 1) {
        std::string name(in.substr(i + 1, j - i - 1));
        if (is_icon(name)) {
          rt.icons.push_back({out.size(), name});
          out += kObjectReplacement;
          i = j + 1;
          continue;
        }
      }
    } else if (in.compare(i, kRubyBaseMark.size(), kRubyBaseMark) == 0) {
      ruby_mark = out.size();
      i += kRubyBaseMark.size();
      continue;
    } else if (in.compare(i, kRubyOpen.size(), kRubyOpen) == 0) {
      size_t close_at = in.find(kRubyClose, i);
      size_t base_start =
          ruby_mark != std::string::npos ? ruby_mark : kanji_run_start(out, out.size());
      if (close_at != std::string_view::npos) {
        // A ruby inside a reading (｜擲弾《｜て《き》だん》) cannot be set: refused.
        const std::string_view inside =
            in.substr(i + kRubyOpen.size(), close_at - i - kRubyOpen.size());
        if (inside.find(kRubyOpen) != std::string_view::npos ||
            inside.find(kRubyBaseMark) != std::string_view::npos) {
          rt.errors.push_back(both(msg::gen::markup_ruby_nested));
          ruby_mark = std::string::npos;
          i = close_at + kRubyClose.size();
          continue;
        }
      }
      if (close_at != std::string_view::npos && base_start < out.size()) {
        std::string reading(in.substr(i + kRubyOpen.size(), close_at - i - kRubyOpen.size()));
        rt.rubies.push_back({{base_start, out.size()}, reading});
        ruby_mark = std::string::npos;
        i = close_at + kRubyClose.size();
        continue;
      }
      if (close_at == std::string_view::npos)
        rt.errors.push_back(both(msg::gen::markup_ruby_unclosed));
    }
    out += c;
    ++i;
  }
  if (ruby_mark != std::string::npos) rt.errors.push_back(both(msg::gen::markup_ruby_mark_alone));
  while (!open.empty()) {
    rt.errors.push_back(both(msg::gen::markup_never_closed, "tag"_a = open.back().name));
    close(open.back().kind, open.back().name);
  }
  return rt;
}

}  // namespace bocage
