#define POINTERHOLDER_TRANSITION 4

#include "pdfx_preflight.h"

#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>
#include <qpdf/QPDFPageObjectHelper.hh>
#include <set>

namespace bocage::test {

namespace {

using Rect = QPDFObjectHandle::Rectangle;

bool inside(const Rect& a, const Rect& b) {
  const double e = 0.01;
  return a.llx >= b.llx - e && a.lly >= b.lly - e && a.urx <= b.urx + e && a.ury <= b.ury + e;
}

std::string info_string(QPDFObjectHandle info, const std::string& key) {
  QPDFObjectHandle v = info.getKey(key);
  return v.isString() ? v.getUTF8Value() : std::string();
}

/// The colour operators of a content stream, as operator names.
struct Operators : QPDFObjectHandle::ParserCallbacks {
  std::set<std::string> seen;
  void handleObject(QPDFObjectHandle obj) override {
    if (obj.isOperator()) seen.insert(obj.getOperatorValue());
  }
  void handleEOF() override {}
};

/// Walks every dictionary and array of `h` (streams' dictionaries included),
/// calling `f` for each dictionary; `seen` stops at objects met before.
template <typename F>
void walk(QPDFObjectHandle h, std::set<QPDFObjGen>& seen, F& f) {
  if (h.isIndirect()) {
    if (!seen.insert(h.getObjGen()).second) return;
  }
  if (h.isStream()) {
    QPDFObjectHandle dict = h.getDict();
    f(dict, true);
    for (const auto& key : dict.getKeys()) walk(dict.getKey(key), seen, f);
  } else if (h.isDictionary()) {
    f(h, false);
    for (const auto& key : h.getKeys()) walk(h.getKey(key), seen, f);
  } else if (h.isArray()) {
    for (int i = 0; i < h.getArrayNItems(); ++i) {
      QPDFObjectHandle item = h.getArrayItem(i);
      if (item.isName()) f(item, false);
      walk(item, seen, f);
    }
  } else if (h.isName()) {
    f(h, false);
  }
}

}  // namespace

std::vector<std::string> pdfx1a_problems(const std::filesystem::path& path) {
  std::vector<std::string> problems;
  QPDF pdf;
  try {
    pdf.processFile(path.c_str());
  } catch (const std::exception& e) {
    return {std::string("not a readable PDF: ") + e.what()};
  }
  if (pdf.getPDFVersion() > "1.3") problems.push_back("PDF version " + pdf.getPDFVersion());
  if (pdf.isEncrypted()) problems.push_back("encrypted");
  QPDFObjectHandle trailer = pdf.getTrailer();
  QPDFObjectHandle id = trailer.getKey("/ID");
  if (!id.isArray() || id.getArrayNItems() != 2) problems.push_back("no document /ID");

  QPDFObjectHandle info = trailer.getKey("/Info");
  if (!info.isDictionary()) {
    problems.push_back("no document info");
  } else {
    if (info_string(info, "/GTS_PDFXVersion") != "PDF/X-1:2001")
      problems.push_back("GTS_PDFXVersion is not PDF/X-1:2001");
    if (info_string(info, "/GTS_PDFXConformance") != "PDF/X-1a:2001")
      problems.push_back("GTS_PDFXConformance is not PDF/X-1a:2001");
    QPDFObjectHandle trapped = info.getKey("/Trapped");
    if (!trapped.isName() || (trapped.getName() != "/True" && trapped.getName() != "/False"))
      problems.push_back("Trapped is not /True or /False");
    for (const char* key : {"/CreationDate", "/ModDate", "/Title"})
      if (info_string(info, key).empty()) problems.push_back(std::string("no ") + key);
  }

  QPDFObjectHandle root = pdf.getRoot();
  QPDFObjectHandle profile_stream;
  QPDFObjectHandle intents = root.getKey("/OutputIntents");
  bool intent = false;
  if (intents.isArray()) {
    for (int i = 0; i < intents.getArrayNItems(); ++i) {
      QPDFObjectHandle oi = intents.getArrayItem(i);
      if (!oi.isDictionary() || !oi.getKey("/S").isName() ||
          oi.getKey("/S").getName() != "/GTS_PDFX")
        continue;
      intent = true;
      if (!oi.getKey("/OutputConditionIdentifier").isString())
        problems.push_back("output intent without OutputConditionIdentifier");
      profile_stream = oi.getKey("/DestOutputProfile");
      if (!profile_stream.isStream()) {
        problems.push_back("output intent without an embedded profile");
        continue;
      }
      const auto data = profile_stream.getStreamData(qpdf_dl_generalized);
      const std::string icc(reinterpret_cast<const char*>(data->getBuffer()), data->getSize());
      if (icc.size() < 128 || icc.compare(36, 4, "acsp") != 0 || icc.compare(12, 4, "prtr") != 0 ||
          icc.compare(16, 4, "CMYK") != 0)
        problems.push_back("output intent's profile is not a CMYK printer profile");
      if (profile_stream.getDict().getKey("/N").getIntValue() != 4)
        problems.push_back("output intent's profile does not have 4 components");
    }
  }
  if (!intent) problems.push_back("no GTS_PDFX output intent");

  int page_number = 0;
  for (QPDFPageObjectHelper& page : QPDFPageDocumentHelper(pdf).getAllPages()) {
    ++page_number;
    const std::string where = "page " + std::to_string(page_number) + ": ";
    QPDFObjectHandle p = page.getObjectHandle();
    const Rect media = page.getMediaBox(true).getArrayAsRectangle();
    const bool trim = p.getKey("/TrimBox").isArray(), art = p.getKey("/ArtBox").isArray();
    if (trim == art) problems.push_back(where + "needs a TrimBox or an ArtBox, one of them");
    const Rect bleed = page.getBleedBox(true).getArrayAsRectangle();
    const Rect finished = trim ? page.getTrimBox(true).getArrayAsRectangle()
                               : page.getArtBox(true).getArrayAsRectangle();
    if (!inside(bleed, media)) problems.push_back(where + "BleedBox outside the MediaBox");
    if (!inside(finished, bleed)) problems.push_back(where + "TrimBox outside the BleedBox");
    Operators ops;
    page.parseContents(&ops);
    // Form XObjects drawn by the page.
    for (auto& [name, form] : page.getFormXObjects()) form.parseAsContents(&ops);
    for (const char* op : {"rg", "RG"})
      if (ops.seen.count(op)) problems.push_back(where + "an RGB colour operator " + op);
  }

  // Every object: colour spaces, transparency, fonts, actions.
  std::set<std::string> said;
  auto say = [&](const std::string& problem) {
    if (said.insert(problem).second) problems.push_back(problem);
  };
  std::set<QPDFObjGen> seen;
  if (profile_stream.isIndirect()) seen.insert(profile_stream.getObjGen());
  auto check = [&](QPDFObjectHandle h, bool /*stream*/) {
    if (h.isName()) {
      const std::string n = h.getName();
      if (n == "/DeviceRGB" || n == "/CalRGB" || n == "/CalGray" || n == "/Lab" || n == "/ICCBased")
        say("colour space " + n);
      return;
    }
    if (h.hasKey("/SMask") &&
        !(h.getKey("/SMask").isName() && h.getKey("/SMask").getName() == "/None"))
      say("a soft mask (transparency)");
    QPDFObjectHandle group = h.getKey("/Group");
    if (group.isDictionary() && group.getKey("/S").isName() &&
        group.getKey("/S").getName() == "/Transparency")
      say("a transparency group");
    for (const char* alpha : {"/CA", "/ca"}) {
      QPDFObjectHandle a = h.getKey(alpha);
      if (a.isNumber() && a.getNumericValue() < 1) say(std::string("constant alpha ") + alpha);
    }
    QPDFObjectHandle bm = h.getKey("/BM");
    if (bm.isName() && bm.getName() != "/Normal" && bm.getName() != "/Compatible")
      say("blend mode " + bm.getName());
    if (h.hasKey("/JS") || h.hasKey("/JavaScript")) say("JavaScript");
    // Transfer functions, OPI and PostScript are forbidden in PDF/X-1a.
    if (h.hasKey("/TR")) say("a transfer function (/TR)");
    QPDFObjectHandle tr2 = h.getKey("/TR2");
    if (!tr2.isNull() && !(tr2.isName() && tr2.getName() == "/Default"))
      say("a transfer function (/TR2)");
    if (h.hasKey("/OPI")) say("OPI");
    if (h.hasKey("/EmbeddedFiles")) say("embedded files");
    QPDFObjectHandle s = h.getKey("/S");
    if (s.isName() && (s.getName() == "/Launch" || s.getName() == "/JavaScript"))
      say("action " + s.getName());
    QPDFObjectHandle type = h.getKey("/Type");
    if (type.isName() && type.getName() == "/FontDescriptor" && !h.hasKey("/FontFile") &&
        !h.hasKey("/FontFile2") && !h.hasKey("/FontFile3"))
      say("font not embedded: " + h.getKey("/FontName").unparse());
    QPDFObjectHandle subtype = h.getKey("/Subtype");
    if (subtype.isName() && subtype.getName() == "/PS") say("a PostScript XObject");
    if (type.isName() && type.getName() == "/Font" && subtype.isName() &&
        subtype.getName() != "/Type3" && subtype.getName() != "/Type0" &&
        !h.getKey("/FontDescriptor").isDictionary())
      say("font without a descriptor (not embedded): " + h.getKey("/BaseFont").unparse());
  };
  walk(root, seen, check);
  return problems;
}

}  // namespace bocage::test
