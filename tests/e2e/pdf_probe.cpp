#include "pdf_probe.h"

#include <poppler-document.h>
#include <poppler-page.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>

namespace bocage::test {

namespace fs = std::filesystem;

std::string strip_spaces(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0') continue;
    if (s.compare(i, 3, "\xE3\x80\x80") == 0 ||
        s.compare(i, 3, "\xE2\x80\x85") == 0) {  // U+3000, U+2005
      i += 2;
      continue;
    }
    out += s[i];
  }
  return out;
}

PdfProbe probe_pdf(const fs::path& path) {
  PdfProbe p;
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(path.string()));
  if (!doc) return p;
  p.opened = true;
  p.pages = doc->pages();
  auto utf8 = [](const poppler::ustring& u) {
    auto bytes = u.to_utf8();
    return std::string(bytes.begin(), bytes.end());
  };
  p.title = utf8(doc->get_title());
  p.subject = utf8(doc->get_subject());
  p.creator = utf8(doc->get_creator());
  p.creation_time = static_cast<long long>(doc->info_date_t("CreationDate"));
  for (int i = 0; i < p.pages; ++i) {
    std::unique_ptr<poppler::page> page(doc->create_page(i));
    auto rect = page->page_rect();
    p.page_sizes_pt.emplace_back(rect.width(), rect.height());
    p.page_texts.push_back(strip_spaces(utf8(page->text())));
  }
  for (const auto& f : doc->fonts()) p.fonts.push_back({f.name(), f.is_embedded(), f.is_subset()});
  return p;
}

std::string text_in(const fs::path& pdf, int page_index, double x_mm, double y_mm, double w_mm,
                    double h_mm) {
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc || page_index >= doc->pages()) return {};
  std::unique_ptr<poppler::page> page(doc->create_page(page_index));
  const double k = 72 / 25.4;
  auto bytes = page->text(poppler::rectf(x_mm * k, y_mm * k, w_mm * k, h_mm * k)).to_utf8();
  return strip_spaces(std::string(bytes.begin(), bytes.end()));
}

std::vector<PdfWord> words_on(const fs::path& pdf, int page_index) {
  std::vector<PdfWord> words;
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc || page_index >= doc->pages()) return words;
  std::unique_ptr<poppler::page> page(doc->create_page(page_index));
  const double mm = 25.4 / 72;
  for (const auto& box : page->text_list()) {
    auto bytes = box.text().to_utf8();
    const poppler::rectf r = box.bbox();
    words.push_back({std::string(bytes.begin(), bytes.end()), r.x() * mm, r.y() * mm,
                     r.width() * mm, r.height() * mm, box.rotation()});
  }
  return words;
}

std::vector<std::string> words_below(const fs::path& pdf, double pt) {
  std::vector<std::string> out;
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_file(pdf.string()));
  if (!doc) return {"(not a PDF)"};
  for (int i = 0; i < doc->pages(); ++i) {
    std::unique_ptr<poppler::page> page(doc->create_page(i));
    for (const auto& box : page->text_list(poppler::page::text_list_include_font)) {
      if (box.get_font_size() >= pt) continue;
      auto bytes = box.text().to_utf8();
      char size[32];
      std::snprintf(size, sizeof size, "%.2f", box.get_font_size());
      out.push_back("page " + std::to_string(i + 1) + ", " + size +
                    " pt: " + std::string(bytes.begin(), bytes.end()));
    }
  }
  return out;
}

RunResult run_gen(const std::string& args, const fs::path& cwd, const std::string& env) {
  std::string cmd;
  if (!cwd.empty()) cmd += "cd '" + cwd.string() + "' && ";
  if (!env.empty()) cmd += env + " ";
  return run_command(cmd + "'" + BOCAGE_GEN + "' --lang en " + args);
}

RunResult run_gen_as_given(const std::string& args, const std::string& env) {
  // The language is the test's, English unless `env` says otherwise, whatever the
  // machine's locale. LANG is left as the suite runs in (tests/e2e/locale_test.cpp).
  return run_command("env -u LC_ALL LC_MESSAGES=C " + env + " '" + BOCAGE_GEN + "' " + args);
}

std::vector<fs::path> pdfs_under(const fs::path& folder) {
  std::vector<fs::path> out;
  for (const auto& e : fs::recursive_directory_iterator(folder))
    if (e.path().extension() == ".pdf") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "bocage-test-XXXXXX").string();
  std::vector<char> buf(pattern.begin(), pattern.end());
  buf.push_back('\0');
  path = mkdtemp(buf.data());
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
  fs::remove_all(path, ec);
}

std::pair<int, int> png_size(const fs::path& path) {
  std::string data = slurp(path);
  if (data.size() < 24 || data.compare(1, 3, "PNG") != 0) return {0, 0};
  auto be32 = [&](size_t at) {
    return (static_cast<unsigned char>(data[at]) << 24) |
           (static_cast<unsigned char>(data[at + 1]) << 16) |
           (static_cast<unsigned char>(data[at + 2]) << 8) |
           static_cast<unsigned char>(data[at + 3]);
  };
  return {static_cast<int>(be32(16)), static_cast<int>(be32(20))};
}

}  // namespace bocage::test
