// The finisher's libqpdf module (libbocage-qpdf.so): the print hints applied
// through libqpdf to a PDF whose structure the finisher does not read (a
// newer Cairo's object streams or cross-reference stream, an incremental
// update). A module loaded only when needed (dlopen), so that no run pays for
// libqpdf and its libraries at start-up (docs/performance.md). Its interface
// is plain C: one entry point, one version number.
#pragma once

#include <cstddef>

namespace bocage {

/// The module's file name, and the version of the interface below.
inline constexpr const char* kBocageQpdfModule = "libbocage-qpdf.so";
inline constexpr int kBocageQpdfAbi = 1;

/// A page's hints: turned a quarter (/Rotate 90), and its trim and bleed
/// boxes in mm from the page's top-left ([x, y, w, h]) when `has_boxes`.
struct BocageQpdfPage {
  int turned;
  int has_boxes;
  double trim[4];
  double bleed[4];
};

struct BocageQpdfJob {
  const char* pdf;
  size_t size;
  const char* viewer_preferences;  // the catalog's /ViewerPreferences, as PDF text
  size_t pages;
  const BocageQpdfPage* page;
};

/// `pdf` is malloc'd (the caller frees it); `error` says what failed.
struct BocageQpdfResult {
  char* pdf;
  size_t size;
  char error[512];
};

using BocageQpdfFinish = int (*)(const BocageQpdfJob*, BocageQpdfResult*);

}  // namespace bocage

extern "C" {
/// kBocageQpdfAbi, to refuse a module of another version.
int bocage_qpdf_abi();
/// 0 and the finished PDF, or non-zero and the error.
int bocage_finish_with_qpdf(const bocage::BocageQpdfJob* job, bocage::BocageQpdfResult* result);
}
