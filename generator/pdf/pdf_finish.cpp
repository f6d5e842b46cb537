#include "pdf_finish.h"

#include <dlfcn.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <new>
#include <set>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/data_folders.h"
#include "pdf_numbers.h"
#include "qpdf_module.h"

namespace bocage {

namespace {

// Cairo's output is small and regular (a classic cross-reference table, every
// object "N 0 obj ... endobj" one after another), so the finisher reads only
// what it changes: the trailer, the catalog, the page tree and the dictionary
// part of each object. It never decodes a stream.

/// A failure to read Cairo's output: what was wrong and where.
struct ReadError {
  std::string what;
};

[[noreturn]] void fail(std::string what, size_t at) {
  throw ReadError{std::move(what) + " at byte " + std::to_string(at)};
}

/// One PDF value, with the span of its bytes in the text it was read from.
struct Value {
  enum class Kind {
    null,
    boolean,
    number,
    name,
    string,
    array,
    dict,
    ref,
    keyword
  } kind = Kind::null;
  size_t begin = 0, end = 0;
  double number = 0;  // a number's value
  long ref = 0;       // a reference's object number
  std::string name;   // a name without its slash, or a keyword
  struct Entry {
    std::string key;
    size_t begin = 0;  // where the key's slash is
    size_t index = 0;  // its value in `items`
  };
  std::vector<Value> items;    // an array's items; a dictionary's values
  std::vector<Entry> entries;  // a dictionary's keys, in order

  const Value* get(std::string_view key) const {
    const Value* found = nullptr;  // the last occurrence wins, as in every reader
    for (const auto& e : entries)
      if (e.key == key) found = &items[e.index];
    return found;
  }
};

constexpr int kMaxDepth = 64;              // Cairo nests a few levels; a deeper text is not Cairo's
constexpr double kMaxObjects = 8'000'000;  // far more than any sheet's PDF holds

bool is_white(char c) {
  return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0';
}
bool is_delimiter(char c) {
  return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' ||
         c == '}' || c == '/' || c == '%';
}

class Reader {
 public:
  Reader(std::string_view text, size_t origin) : s_(text), origin_(origin) {}

  void skip_space() {
    while (pos_ < s_.size()) {
      if (is_white(s_[pos_])) {
        ++pos_;
      } else if (s_[pos_] == '%') {  // a comment, to the end of the line
        while (pos_ < s_.size() && s_[pos_] != '\n' && s_[pos_] != '\r') ++pos_;
      } else {
        break;
      }
    }
  }

  size_t pos() const { return pos_; }

  /// Reads one value; two numbers and R make a reference.
  Value value(int depth = 0) {
    if (depth > kMaxDepth) fail("objects nested too deeply", origin_ + pos_);
    skip_space();
    if (pos_ >= s_.size()) fail("a value expected", origin_ + pos_);
    Value v;
    v.begin = pos_;
    const char c = s_[pos_];
    if (c == '/') {
      v.kind = Value::Kind::name;
      ++pos_;
      v.name = std::string(word());
    } else if (c == '<' && peek(1) == '<') {
      pos_ += 2;
      v.kind = Value::Kind::dict;
      std::vector<std::pair<std::string, size_t>> keys;
      for (;;) {
        skip_space();
        if (pos_ + 1 < s_.size() && s_[pos_] == '>' && s_[pos_ + 1] == '>') {
          pos_ += 2;
          break;
        }
        if (pos_ >= s_.size() || s_[pos_] != '/') fail("a name expected as a key", origin_ + pos_);
        const size_t key_begin = pos_;
        ++pos_;
        keys.emplace_back(std::string(word()), key_begin);
        v.items.push_back(value(depth + 1));
      }
      for (size_t i = 0; i < keys.size(); ++i)
        v.entries.push_back({keys[i].first, keys[i].second, i});
    } else if (c == '<') {
      v.kind = Value::Kind::string;
      const size_t close = s_.find('>', pos_);
      if (close == std::string_view::npos) fail("an unclosed hex string", origin_ + pos_);
      pos_ = close + 1;
    } else if (c == '(') {
      v.kind = Value::Kind::string;
      literal_string();
    } else if (c == '[') {
      v.kind = Value::Kind::array;
      ++pos_;
      for (;;) {
        skip_space();
        if (pos_ < s_.size() && s_[pos_] == ']') {
          ++pos_;
          break;
        }
        v.items.push_back(value(depth + 1));
      }
    } else if (c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9')) {
      v.kind = Value::Kind::number;
      v.number = number();
      // "N G R": a reference.
      const size_t save = pos_;
      skip_space();
      if (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
        const size_t gen_at = pos_;
        number();
        skip_space();
        if (pos_ < s_.size() && s_[pos_] == 'R' &&
            (pos_ + 1 == s_.size() || is_white(s_[pos_ + 1]) || is_delimiter(s_[pos_ + 1]))) {
          ++pos_;
          v.kind = Value::Kind::ref;
          if (!(v.number >= 0 && v.number <= kMaxObjects)) fail("a bad reference", origin_ + pos_);
          v.ref = static_cast<long>(v.number);
        } else {
          pos_ = gen_at;
        }
      }
      if (v.kind == Value::Kind::number) pos_ = save;
    } else if (c == ')' || c == '>' || c == ']' || c == '{' || c == '}') {
      fail(std::string("an unexpected '") + c + "'", origin_ + pos_);
    } else {
      std::string_view w = word();
      if (w == "true" || w == "false")
        v.kind = Value::Kind::boolean;
      else if (w == "null")
        v.kind = Value::Kind::null;
      else
        v.kind = Value::Kind::keyword;  // "stream", "endobj": the caller decides
      v.name = std::string(w);
    }
    v.end = pos_;
    return v;
  }

 private:
  char peek(size_t ahead) const { return pos_ + ahead < s_.size() ? s_[pos_ + ahead] : '\0'; }

  std::string_view word() {
    const size_t start = pos_;
    while (pos_ < s_.size() && !is_white(s_[pos_]) && !is_delimiter(s_[pos_])) ++pos_;
    return s_.substr(start, pos_ - start);
  }

  double number() {
    const size_t start = pos_;
    while (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-' || s_[pos_] == '.' ||
                                (s_[pos_] >= '0' && s_[pos_] <= '9')))
      ++pos_;
    double v = 0;
    const char* first = s_.data() + start + (s_[start] == '+' ? 1 : 0);
    auto [ptr, ec] = std::from_chars(first, s_.data() + pos_, v);
    if (ec != std::errc() || ptr != s_.data() + pos_) fail("a malformed number", origin_ + start);
    return v;
  }

  void literal_string() {
    const size_t start = pos_;
    int open = 0;
    while (pos_ < s_.size()) {
      const char c = s_[pos_++];
      if (c == '\\') {
        ++pos_;  // the escaped character, whatever it is
      } else if (c == '(') {
        ++open;
      } else if (c == ')' && --open == 0) {
        return;
      }
    }
    fail("an unclosed string", origin_ + start);
  }

  std::string_view s_;
  size_t origin_;  // where `s_` starts in the file, for messages
  size_t pos_ = 0;
};

/// An object of the file: its number and the bytes "N 0 obj ... endobj".
struct Object {
  long number = 0;
  size_t begin = 0, end = 0;
};

/// The dictionary of object `o` (a stream's dictionary, for a stream), read
/// from the file; `body_begin` is where the value starts, relative to `o.begin`.
Value read_object_value(std::string_view file, const Object& o, size_t* body_begin,
                        bool* is_stream) {
  std::string_view text = file.substr(o.begin, o.end - o.begin);
  const size_t obj = text.find("obj");
  if (obj == std::string_view::npos) fail("an object without 'obj'", o.begin);
  Reader r(text.substr(obj + 3), o.begin + obj + 3);
  Value v = r.value();
  *body_begin = obj + 3;
  r.skip_space();
  *is_stream = text.substr(obj + 3 + r.pos()).substr(0, 6) == "stream";
  if (!*is_stream && text.substr(obj + 3 + r.pos()).substr(0, 6) != "endobj")
    fail("an object without 'endobj'", o.begin + obj + 3 + r.pos());
  return v;
}

/// The numbers of the cross-reference table and the trailer.
struct Layout {
  std::vector<Object> objects;   // in file order
  std::map<long, size_t> index;  // object number -> position in `objects`
  long size = 0;
  long root = 0, info = 0;
  size_t header_end = 0;  // the bytes before the first object
};

Layout read_layout(std::string_view file) {
  Layout l;
  if (file.substr(0, 7) != "%PDF-1.") fail("no %PDF-1. header", 0);
  const size_t sx = file.rfind("startxref");
  if (sx == std::string_view::npos) fail("no startxref", file.size());
  Reader tail(file.substr(sx + 9), sx + 9);
  const Value xref_at = tail.value();
  if (xref_at.kind != Value::Kind::number || xref_at.number < 0 ||
      xref_at.number >= static_cast<double>(file.size()))
    fail("a bad startxref", sx);
  size_t pos = static_cast<size_t>(xref_at.number);
  if (file.substr(pos, 4) != "xref") fail("no cross-reference table", pos);
  Reader r(file.substr(pos + 4), pos + 4);
  for (;;) {
    const size_t here = r.pos();
    Value first = r.value();
    if (first.kind == Value::Kind::keyword && first.name == "trailer") break;
    Value count = r.value();
    if (first.kind != Value::Kind::number || count.kind != Value::Kind::number ||
        !(first.number >= 0 && first.number <= kMaxObjects) ||
        !(count.number >= 0 && count.number <= kMaxObjects))
      fail("a bad cross-reference section", pos + 4 + here);
    const auto start = static_cast<size_t>(first.number);
    for (size_t i = 0; i < static_cast<size_t>(count.number); ++i) {
      Value off = r.value(), gen = r.value(), kind = r.value();
      if (off.kind != Value::Kind::number || gen.kind != Value::Kind::number ||
          kind.kind != Value::Kind::keyword || (kind.name != "n" && kind.name != "f"))
        fail("a bad cross-reference entry", pos + 4 + r.pos());
      if (kind.name == "n") {
        if (off.number <= 0 || off.number >= static_cast<double>(pos))
          fail("an object offset outside the file", pos + 4 + r.pos());
        l.objects.push_back({static_cast<long>(start + i), static_cast<size_t>(off.number), 0});
      }
    }
  }
  const Value trailer = r.value();
  if (trailer.kind != Value::Kind::dict) fail("a trailer that is not a dictionary", pos);
  const Value* size = trailer.get("Size");
  const Value* root = trailer.get("Root");
  const Value* info = trailer.get("Info");
  if (!size || size->kind != Value::Kind::number || !root || root->kind != Value::Kind::ref)
    fail("a trailer without /Size or /Root", pos);
  if (trailer.get("Encrypt") || trailer.get("Prev")) fail("an encrypted or updated file", pos);
  if (!(size->number >= 1 && size->number <= kMaxObjects)) fail("a bad /Size", pos);
  l.size = static_cast<long>(size->number);
  l.root = root->ref;
  l.info = info && info->kind == Value::Kind::ref ? info->ref : 0;

  std::sort(l.objects.begin(), l.objects.end(),
            [](const Object& a, const Object& b) { return a.begin < b.begin; });
  for (size_t i = 0; i < l.objects.size(); ++i) {
    Object& o = l.objects[i];
    o.end = i + 1 < l.objects.size() ? l.objects[i + 1].begin : pos;
    if (i > 0 && o.begin == l.objects[i - 1].begin) fail("two objects at one offset", o.begin);
    if (o.number <= 0 || o.number >= l.size) fail("an object number outside /Size", o.begin);
    if (!l.index.emplace(o.number, i).second) fail("an object listed twice", o.begin);
  }
  l.header_end = l.objects.empty() ? pos : l.objects.front().begin;
  return l;
}

/// A change to an object's bytes: replace [begin, end) (relative to the
/// object's first byte) with `text`.
struct Edit {
  size_t begin, end;
  std::string text;
};

/// Removes every entry a later entry with the same key overrides, in `v` and
/// the dictionaries inside it (Cairo 1.16 lists a form once per use in a
/// page's /XObject resources).
void drop_overridden_keys(const Value& v, size_t offset, std::vector<Edit>& edits) {
  if (v.kind == Value::Kind::dict) {
    for (size_t i = 0; i < v.entries.size(); ++i) {
      const auto& e = v.entries[i];
      const bool overridden =
          std::any_of(v.entries.begin() + static_cast<long>(i) + 1, v.entries.end(),
                      [&](const Value::Entry& later) { return later.key == e.key; });
      // The entry and the space after it, up to the next key or the ">>".
      const size_t next = i + 1 < v.entries.size() ? v.entries[i + 1].begin : v.end - 2;
      if (overridden)
        edits.push_back({offset + e.begin, offset + next, ""});
      else
        drop_overridden_keys(v.items[e.index], offset, edits);
    }
  } else if (v.kind == Value::Kind::array) {
    for (const auto& item : v.items) drop_overridden_keys(item, offset, edits);
  }
}

const char* duplex_name(PdfDuplex d) {
  switch (d) {
    case PdfDuplex::simplex:
      return "/Simplex";
    case PdfDuplex::flip_long_edge:
      return "/DuplexFlipLongEdge";
    case PdfDuplex::flip_short_edge:
      return "/DuplexFlipShortEdge";
    case PdfDuplex::unspecified:
      break;
  }
  return nullptr;
}

/// Sets `key` to `text` in dictionary `dict`: its value replaced if it has
/// one, else the entry added before the closing ">>".
void set_key(const Value& dict, size_t offset, const std::string& key, const std::string& text,
             std::vector<Edit>& edits) {
  if (const Value* old = dict.get(key)) {
    edits.push_back({offset + old->begin, offset + old->end, text});
  } else {
    const size_t close = offset + dict.end - 2;
    edits.push_back({close, close, "/" + key + " " + text + "\n"});
  }
}

/// 128 bits from the bytes (zlib's CRC-32 and Adler-32 of them, and their
/// length), as hex: the file's /ID, the same for the same content.
std::string content_id(std::string_view bytes) {
  const auto* data = reinterpret_cast<const Bytef*>(bytes.data());
  char buf[40];
  std::snprintf(buf, sizeof buf, "%08lx%08lx%016llx", crc32_z(0, data, bytes.size()),
                adler32_z(1, data, bytes.size()), static_cast<unsigned long long>(bytes.size()));
  return std::string(buf, 32);
}

/// `bytes` compressed with zlib (the /FlateDecode filter), at zlib's default
/// level: the same bytes for the same input.
std::string deflate(const std::string& bytes) {
  uLongf size = compressBound(static_cast<uLong>(bytes.size()));
  std::string out(size, '\0');
  if (compress2(reinterpret_cast<Bytef*>(out.data()), &size,
                reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uLong>(bytes.size()),
                Z_DEFAULT_COMPRESSION) != Z_OK)
    throw std::bad_alloc();  // zlib fails only for want of memory here
  out.resize(size);
  return out;
}

struct Finisher {
  std::string_view file;
  Layout layout;
  /// What is read of each object, in the order of `layout.objects`.
  struct Parsed {
    Value value;
    size_t body = 0;  // where the value starts, from the object's first byte
    bool stream = false;
    std::vector<Edit> edits;
  };
  std::vector<Parsed> parsed;

  /// The position of object `number` in `layout.objects` and `parsed`.
  size_t at(long number) const {
    auto it = layout.index.find(number);
    if (it == layout.index.end())
      fail("a reference to a missing object " + std::to_string(number), 0);
    return it->second;
  }

  /// The page objects in order, with each page's MediaBox height.
  void collect_pages(long node, double inherited_height, std::set<long>& seen, int depth,
                     std::vector<std::pair<long, double>>& pages) {
    const size_t i = at(node);
    if (depth > kMaxDepth || !seen.insert(node).second)
      fail("a page tree too deep or with a cycle", layout.objects[i].begin);
    const Value& v = parsed[i].value;
    if (v.kind != Value::Kind::dict) fail("a page that is not a dictionary", 0);
    double height = inherited_height;
    if (const Value* mb = v.get("MediaBox");
        mb && mb->kind == Value::Kind::array && mb->items.size() == 4)
      height = mb->items[3].number - mb->items[1].number;
    const Value* type = v.get("Type");
    if (type && type->kind == Value::Kind::name && type->name == "Pages") {
      const Value* kids = v.get("Kids");
      if (!kids || kids->kind != Value::Kind::array) fail("a page tree node without /Kids", 0);
      for (const auto& kid : kids->items) {
        if (kid.kind != Value::Kind::ref) fail("a page tree kid that is not a reference", 0);
        collect_pages(kid.ref, height, seen, depth + 1, pages);
      }
    } else {
      pages.emplace_back(node, height);
    }
  }

  std::string run(const PrintHints& hints) {
    layout = read_layout(file);

    // Every object's dictionary, without the keys a later one overrides.
    parsed.resize(layout.objects.size());
    for (size_t i = 0; i < parsed.size(); ++i) {
      Parsed& p = parsed[i];
      p.value = read_object_value(file, layout.objects[i], &p.body, &p.stream);
      drop_overridden_keys(p.value, p.body, p.edits);
      // Only the catalog and the page tree are read again: the other values
      // are let go (a deck of 10 000 cards makes some 100 000 objects).
      const Value* type = p.value.kind == Value::Kind::dict ? p.value.get("Type") : nullptr;
      const bool again =
          layout.objects[i].number == layout.root ||
          (type && type->kind == Value::Kind::name &&
           (type->name == "Pages" || type->name == "Page")) ||
          (p.value.kind == Value::Kind::dict && (p.value.get("Kids") || p.value.get("Parent")));
      if (!again) p.value = Value{};
    }

    Parsed& catalog = parsed[at(layout.root)];
    if (catalog.value.kind != Value::Kind::dict) fail("a catalog that is not a dictionary", 0);
    std::string prefs = "<< /PrintScaling /None";
    if (const char* duplex = duplex_name(hints.duplex)) prefs += std::string(" /Duplex ") + duplex;
    prefs += " >>";
    set_key(catalog.value, catalog.body, "ViewerPreferences", prefs, catalog.edits);

    const Value* pages_ref = catalog.value.get("Pages");
    if (!pages_ref || pages_ref->kind != Value::Kind::ref) fail("a catalog without /Pages", 0);
    std::vector<std::pair<long, double>> pages;
    std::set<long> seen;
    collect_pages(pages_ref->ref, 0, seen, 0, pages);
    for (size_t i = 0; i < std::min(pages.size(), hints.turned.size()); ++i) {
      if (!hints.turned[i]) continue;
      Parsed& page = parsed[at(pages[i].first)];
      set_key(page.value, page.body, "Rotate", "90", page.edits);
    }
    const size_t n = std::min(pages.size(), hints.page_boxes.size());
    for (size_t i = 0; i < n; ++i) {
      if (!hints.page_boxes[i]) continue;
      const auto [number, height] = pages[i];
      Parsed& page = parsed[at(number)];
      set_key(page.value, page.body, "TrimBox", pdf_box(hints.page_boxes[i]->trim, height),
              page.edits);
      set_key(page.value, page.body, "BleedBox", pdf_box(hints.page_boxes[i]->bleed, height),
              page.edits);
    }
    return write();
  }

  /// The bytes of the object at `i` with its edits applied.
  std::string edited(size_t i) {
    const Object& o = layout.objects[i];
    std::string_view bytes = file.substr(o.begin, o.end - o.begin);
    auto& list = parsed[i].edits;
    std::stable_sort(list.begin(), list.end(),
                     [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
    std::string text;
    size_t at = 0;
    for (const auto& e : list) {
      if (e.begin < at) continue;  // inside an entry already dropped
      text.append(bytes.substr(at, e.begin - at));
      text.append(e.text);
      at = e.end;
    }
    text.append(bytes.substr(at));
    return text;
  }

  /// The file: the streams as they are; every other object packed into
  /// object streams of at most 100 (PDF 1.5, as qpdf and Acrobat write them:
  /// Cairo's many small dictionaries take a tenth of the file otherwise);
  /// then a compressed cross-reference stream.
  std::string write() {
    std::string out(file.substr(0, layout.header_end));
    if (out.size() > 7 && out.compare(0, 7, "%PDF-1.") == 0 && out[7] < '5') out[7] = '5';
    struct Entry {
      int type = 0;        // 0 free, 1 at an offset, 2 in an object stream
      uint64_t field = 0;  // the offset, or the object stream's number
      unsigned index = 0;  // the place in its object stream
    };
    std::vector<Entry> xref(static_cast<size_t>(layout.size));
    std::vector<std::pair<long, std::string>> packed;  // number, value text
    for (size_t i = 0; i < layout.objects.size(); ++i) {
      const long number = layout.objects[i].number;
      std::string text = edited(i);
      if (parsed[i].stream) {
        xref[static_cast<size_t>(number)] = {1, out.size(), 0};
        out += text;
        continue;
      }
      const size_t from = parsed[i].body;
      const size_t to = text.rfind("endobj");
      packed.emplace_back(number, text.substr(from, to - from));
    }
    long next = layout.size;
    constexpr size_t kPerStream = 100;
    for (size_t first = 0; first < packed.size(); first += kPerStream) {
      const size_t last = std::min(packed.size(), first + kPerStream);
      const long number = next++;
      std::string head, body;
      for (size_t k = first; k < last; ++k) {
        head += std::to_string(packed[k].first) + " " + std::to_string(body.size()) + " ";
        body += packed[k].second;
        body += '\n';
        xref[static_cast<size_t>(packed[k].first)] = {2, static_cast<uint64_t>(number),
                                                      static_cast<unsigned>(k - first)};
      }
      head.back() = '\n';
      xref.push_back({1, out.size(), 0});
      const std::string data = deflate(head + body);
      out += std::to_string(number) + " 0 obj\n<< /Type /ObjStm /N " +
             std::to_string(last - first) + " /First " + std::to_string(head.size()) + " /Length " +
             std::to_string(data.size()) + " /Filter /FlateDecode >>\nstream\n";
      out += data;
      out += "\nendstream\nendobj\n";
    }
    const std::string id = content_id(out);
    const long xref_number = next++;
    const size_t xref_at = out.size();
    xref.push_back({1, xref_at, 0});
    xref[0] = {0, 0, 65535};
    // Field widths: one byte for the type, as many as the largest offset or
    // object number needs, two for the index.
    uint64_t largest = 0;
    for (const auto& e : xref) largest = std::max(largest, e.field);
    int width = 1;
    while (width < 8 && (largest >> (8 * width)) != 0) ++width;
    std::string table;
    for (const auto& e : xref) {
      table += static_cast<char>(e.type);
      for (int b = width - 1; b >= 0; --b) table += static_cast<char>((e.field >> (8 * b)) & 0xff);
      table += static_cast<char>((e.index >> 8) & 0xff);
      table += static_cast<char>(e.index & 0xff);
    }
    const std::string data = deflate(table);
    out += std::to_string(xref_number) + " 0 obj\n<< /Type /XRef /Size " + std::to_string(next) +
           " /W [ 1 " + std::to_string(width) + " 2 ] /Root " + std::to_string(layout.root) +
           " 0 R";
    if (layout.info) out += " /Info " + std::to_string(layout.info) + " 0 R";
    out += " /ID [ <" + id + "> <" + id + "> ] /Length " + std::to_string(data.size()) +
           " /Filter /FlateDecode >>\nstream\n";
    out += data;
    out += "\nendstream\nendobj\nstartxref\n" + std::to_string(xref_at) + "\n%%EOF\n";
    return out;
  }
};

/// Finishes `bytes` through the libqpdf module (qpdf_module.h), loaded once
/// from where the program is installed or built (qpdf_module_path()).
std::string finish_with_qpdf_module(const std::string& bytes, const PrintHints& hints,
                                    std::string* error) {
  static const auto entry = []() -> BocageQpdfFinish {
    const std::filesystem::path path = qpdf_module_path();
    if (path.empty()) return nullptr;
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) return nullptr;
    auto abi = reinterpret_cast<int (*)()>(dlsym(handle, "bocage_qpdf_abi"));
    if (!abi || abi() != kBocageQpdfAbi) return nullptr;
    return reinterpret_cast<BocageQpdfFinish>(dlsym(handle, "bocage_finish_with_qpdf"));
  }();
  if (!entry) {
    *error = "the qpdf module " + std::string(kBocageQpdfModule) + " is not installed";
    return {};
  }
  std::vector<BocageQpdfPage> pages;
  const size_t n = std::max(hints.turned.size(), hints.page_boxes.size());
  for (size_t i = 0; i < n; ++i) {
    BocageQpdfPage p{};
    p.turned = i < hints.turned.size() && hints.turned[i];
    if (i < hints.page_boxes.size() && hints.page_boxes[i]) {
      const auto& b = *hints.page_boxes[i];
      p.has_boxes = 1;
      p.trim[0] = b.trim.x, p.trim[1] = b.trim.y, p.trim[2] = b.trim.width,
      p.trim[3] = b.trim.height;
      p.bleed[0] = b.bleed.x, p.bleed[1] = b.bleed.y, p.bleed[2] = b.bleed.width,
      p.bleed[3] = b.bleed.height;
    }
    pages.push_back(p);
  }
  std::string prefs = "<< /PrintScaling /None";
  if (const char* duplex = duplex_name(hints.duplex)) prefs += std::string(" /Duplex ") + duplex;
  prefs += " >>";
  const BocageQpdfJob job{bytes.data(), bytes.size(), prefs.c_str(), pages.size(), pages.data()};
  BocageQpdfResult result{};
  if (entry(&job, &result) != 0 || !result.pdf) {
    *error = result.error;
    std::free(result.pdf);
    return {};
  }
  std::string out(result.pdf, result.size);
  std::free(result.pdf);
  return out;
}

}  // namespace

std::string finish_pdf(const std::string& cairo_bytes, const PrintHints& hints,
                       std::string* error) {
  std::string why;
  try {
    Finisher f;
    f.file = cairo_bytes;
    return f.run(hints);
  } catch (const ReadError& e) {
    why = e.what;
  } catch (const std::out_of_range&) {  // a substr past the end: the checks above missed it
    why = "a position outside the file";
  } catch (const std::bad_alloc&) {
    if (error) *error = "out of memory";
    return {};
  }
  // Not the structure Cairo 1.16 writes: libqpdf reads any. It is loaded only
  // now (its module, qpdf_module.h), so that no run pays for it at start-up.
  std::string qpdf_error;
  std::string finished = finish_with_qpdf_module(cairo_bytes, hints, &qpdf_error);
  if (finished.empty() && error) *error = why + "; qpdf: " + qpdf_error;  // inside a sentence
  return finished;
}

}  // namespace bocage
