#include "pdf_writer.h"

#include <cairo-pdf.h>

#include <cstdlib>
#include <ctime>
#include <new>

#include "bocage/msg/gen.h"

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
    : file_(std::make_unique<AtomicFile>(destination)), page_size_(page) {
  if (!file_->ok()) {
    error_ = file_->error();
    return;
  }
  surface_ = cairo_pdf_surface_create_for_stream(append_to_string, &buffer_, mm_to_pt(page.width),
                                                 mm_to_pt(page.height));
  if (cairo_surface_status(surface_) != CAIRO_STATUS_SUCCESS) {
    error_ = both(msg::gen::pdf_cannot_create,
                  "detail"_a = std::string(cairo_status_to_string(cairo_surface_status(surface_))));
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

void PdfWriter::start_page(SizeMm size) {
  if (started_) next_page();
  started_ = true;
  page_size_ = size;
  cairo_pdf_surface_set_size(surface_, mm_to_pt(size.width), mm_to_pt(size.height));
}

void PdfWriter::set_page_turned() {
  if (hints_.turned.size() <= page_) hints_.turned.resize(page_ + 1);
  hints_.turned[page_] = true;
}

void PdfWriter::set_page_boxes(RectMm trim, RectMm bleed) {
  if (hints_.page_boxes.size() <= page_) hints_.page_boxes.resize(page_ + 1);
  hints_.page_boxes[page_] = PageBoxes{trim, bleed};
}

bool PdfWriter::commit(PendingFiles* pending) {
  if (!cr_) return false;
  cairo_show_page(cr_);
  cairo_destroy(cr_);
  cr_ = nullptr;
  cairo_surface_finish(surface_);
  cairo_status_t status = cairo_surface_status(surface_);
  cairo_surface_destroy(surface_);
  surface_ = nullptr;
  if (status != CAIRO_STATUS_SUCCESS) {
    error_ = both(msg::gen::pdf_cannot_draw, "path"_a = file_->destination().string(),
                  "detail"_a = std::string(cairo_status_to_string(status)));
    return false;
  }
  // Cairo's PDF, finished with the print hints, whole in memory: what goes to disk.
  std::string finish_error;
  std::string bytes = finish_pdf(buffer_, hints_, &finish_error);
  std::string().swap(buffer_);
  if (bytes.empty()) {
    error_ = both(msg::gen::pdf_cannot_finish, "path"_a = file_->destination().string(),
                  "detail"_a = finish_error);
    return false;
  }
  if (pdfx_) {
    std::string pdfx_error;
    bytes = convert_to_pdfx(bytes, *pdfx_, pdf_date(), &pdfx_error);
    if (bytes.empty()) {
      error_ = both(msg::gen::pdfx_cannot_convert, "path"_a = file_->destination().string(),
                    "detail"_a = pdfx_error);
      return false;
    }
  }
  if (!(pending ? file_->write(bytes) : file_->commit(bytes))) {
    error_ = file_->error();
    return false;
  }
  if (pending) pending->add(std::move(file_));
  return true;
}

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  try {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  } catch (const std::bad_alloc&) {
    return CAIRO_STATUS_NO_MEMORY;
  }
  return CAIRO_STATUS_SUCCESS;
}

bool write_png(cairo_surface_t* surface, const std::filesystem::path& destination, Text* error) {
  AtomicFile file(destination);
  if (!file.ok()) {
    if (error) *error = file.error();
    return false;
  }
  std::string bytes;
  cairo_status_t status = cairo_surface_write_to_png_stream(surface, append_to_string, &bytes);
  if (status != CAIRO_STATUS_SUCCESS) {
    if (error)
      *error = both(msg::gen::png_cannot_encode, "path"_a = destination.string(),
                    "detail"_a = std::string(cairo_status_to_string(status)));
    return false;
  }
  if (!file.commit(bytes)) {
    if (error) *error = file.error();
    return false;
  }
  return true;
}

}  // namespace bocage
