#include "pdf_writer.h"

#include <cairo-pdf.h>

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>

namespace bocage {

std::string pdf_date() {
  const char* epoch = std::getenv("SOURCE_DATE_EPOCH");
  if (epoch && *epoch) {
    char* end = nullptr;
    long long seconds = std::strtoll(epoch, &end, 10);
    if (end && *end == '\0' && seconds >= 0) {
      std::time_t t = static_cast<std::time_t>(seconds);
      std::tm tm{};
      gmtime_r(&t, &tm);
      char buf[32];
      std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
      return buf;
    }
  }
  return "2000-01-01T00:00:00Z";
}

PdfWriter::PdfWriter(const std::filesystem::path& destination, SizeMm page, const PdfMetadata& meta)
    : file_(destination) {
  if (file_.temp_path().empty()) {
    error_ = file_.error();
    return;
  }
  surface_ = cairo_pdf_surface_create(file_.temp_path().c_str(), mm_to_pt(page.width),
                                      mm_to_pt(page.height));
  if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS) {
    error_ =
        "cannot create PDF: " + std::string(cairo_status_to_string(cairo_surface_status(surface_)));
    return;
  }
  std::string date = pdf_date();
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, meta.title.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_SUBJECT, meta.subject.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "Bocage");
  if (!meta.keywords.empty())
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_KEYWORDS, meta.keywords.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATE_DATE, date.c_str());
  cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_MOD_DATE, date.c_str());
  cr_ = cairo_create(surface_);
  cairo_scale(cr_, mm_to_pt(1), mm_to_pt(1));
}

PdfWriter::~PdfWriter() {
  if (cr_) cairo_destroy(cr_);
  if (surface_) cairo_surface_destroy(surface_);
}

void PdfWriter::next_page() {
  cairo_show_page(cr_);
  ++page_;
}

void PdfWriter::set_page_boxes(RectMm trim, RectMm bleed) {
  if (hints_.page_boxes.size() <= page_) hints_.page_boxes.resize(page_ + 1);
  hints_.page_boxes[page_] = PageBoxes{trim, bleed};
}

bool PdfWriter::commit() {
  if (!cr_) return false;
  cairo_show_page(cr_);
  cairo_destroy(cr_);
  cr_ = nullptr;
  cairo_surface_finish(surface_);
  cairo_status_t status = cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  surface_ = nullptr;
  if (status != CAIRO_STATUS_SUCCESS) {
    error_ = "cannot write PDF '" + file_.destination().string() +
             "': " + cairo_status_to_string(status);
    return false;
  }
  if (!finish_in_place()) return false;
  if (!file_.commit()) {
    error_ = file_.error();
    return false;
  }
  return true;
}

bool PdfWriter::finish_in_place() {
  const auto& path = file_.temp_path();
  std::string cairo_bytes;
  {
    std::ifstream in(path, std::ios::binary);
    cairo_bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) cairo_bytes.clear();
  }
  std::string error;
  std::string finished = cairo_bytes.empty() ? "" : finish_pdf(cairo_bytes, hints_, &error);
  if (finished.empty()) {
    error_ = "cannot write PDF '" + file_.destination().string() +
             "': " + (error.empty() ? "cannot read Cairo's output" : error);
    return false;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(finished.data(), static_cast<std::streamsize>(finished.size()));
  out.close();
  if (!out) {
    error_ = "cannot write PDF '" + file_.destination().string() + "'";
    return false;
  }
  return true;
}

bool write_png(cairo_surface_t* surface, const std::filesystem::path& destination,
               std::string* error) {
  AtomicFile file(destination);
  if (file.temp_path().empty()) {
    if (error) *error = file.error();
    return false;
  }
  cairo_status_t status = cairo_surface_write_to_png(surface, file.temp_path().c_str());
  if (status != CAIRO_STATUS_SUCCESS) {
    if (error)
      *error = "cannot write PNG '" + destination.string() + "': " + cairo_status_to_string(status);
    return false;
  }
  if (!file.commit()) {
    if (error) *error = file.error();
    return false;
  }
  return true;
}

}  // namespace bocage
