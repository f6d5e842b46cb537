#include "pdfx.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>
#include <vector>

#include "core/fnv1a.h"

extern char** environ;

namespace bocage {

namespace fs = std::filesystem;

namespace {

/// A folder of our own under $TMPDIR (else /tmp), removed with what it holds.
class TempFolder {
 public:
  TempFolder() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/bocage-pdfx-XXXXXX";
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    if (mkdtemp(name.data())) path_ = name.data();
  }
  ~TempFolder() {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

bool write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  return static_cast<bool>(out);
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A PostScript string literal of `text` (ASCII; anything else octal-escaped).
std::string ps_string(const std::string& text) {
  std::string out = "(";
  for (unsigned char c : text) {
    if (c == '(' || c == ')' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\%03o", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + ")";
}

/// "2000-01-01T00:00:00Z" as a PDF date, "D:20000101000000Z".
std::string pdf_date_text(const std::string& iso) {
  std::string digits;
  for (char c : iso)
    if (c >= '0' && c <= '9') digits += c;
  digits.resize(14, '0');
  return "D:" + digits + "Z";
}

/// The pdfmarks that make pdfwrite's output PDF/X-1a:2001: the document's
/// keys and dates, and the output intent with its profile (the one given, or
/// Ghostscript's default CMYK profile from its own profile folder).
std::string pdfx_marks(const PdfXOptions& o, const std::string& date) {
  const std::string profile =
      o.output_profile.empty()
          ? "currentuserparams /ICCProfilesDir get currentuserparams /DefaultCMYKProfile get "
            "concatstrings"
          : ps_string(o.output_profile.string());
  std::string info = "Ghostscript's CMYK profile";
  if (!o.output_profile.empty()) info = o.output_profile.filename().string();
  return "%!\n"
         "[ /GTS_PDFXVersion (PDF/X-1:2001) /GTS_PDFXConformance (PDF/X-1a:2001)\n"
         "  /Trapped /False /CreationDate " +
         ps_string(date) + " /ModDate " + ps_string(date) +
         " /DOCINFO pdfmark\n"
         "[/_objdef {icc_PDFX} /type /stream /OBJ pdfmark\n"
         "[{icc_PDFX} << /N 4 >> /PUT pdfmark\n"
         "[{icc_PDFX} " +
         profile +
         " (r) file /PUT pdfmark\n"
         "[/_objdef {OutputIntent_PDFX} /type /dict /OBJ pdfmark\n"
         "[{OutputIntent_PDFX} << /Type /OutputIntent /S /GTS_PDFX\n"
         "  /OutputConditionIdentifier " +
         ps_string(o.condition) + " /Info " + ps_string(info) +
         " /RegistryName (http://www.color.org)\n"
         "  /DestOutputProfile {icc_PDFX} >> /PUT pdfmark\n"
         "[{Catalog} << /OutputIntents [ {OutputIntent_PDFX} ] >> /PUT pdfmark\n";
}

/// Runs `args` (args[0] found on PATH) with stdin from /dev/null and its
/// output and errors into `log`; its exit status, or -1 when it cannot start.
int run(const std::vector<std::string>& args, const fs::path& log, std::string* error) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    *error = "cannot run " + args[0] + ": " + std::strerror(spawned);
    return -1;
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      *error = "cannot wait for " + args[0] + ": " + std::strerror(errno);
      return -1;
    }
  if (WIFSIGNALED(status)) {
    *error = args[0] + " was killed by signal " + std::to_string(WTERMSIG(status));
    return -1;
  }
  return WEXITSTATUS(status);
}

/// Ghostscript's own words, on one line, at most a few hundred characters.
std::string gs_said(const std::string& log) {
  std::string line;
  for (char c : log) {
    if (c == '\n' || c == '\r') {
      if (!line.empty() && line.back() != ' ') line += ' ';
    } else {
      line += c;
    }
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  if (line.size() > 400) line = line.substr(0, 400) + "...";
  return line;
}

}  // namespace

ProfileProblem check_output_profile(const fs::path& profile) {
  std::error_code ec;
  if (!fs::is_regular_file(profile, ec)) return ProfileProblem::unreadable;
  std::ifstream in(profile, std::ios::binary);
  if (!in) return ProfileProblem::unreadable;
  char header[128] = {};
  in.read(header, sizeof header);
  if (in.gcount() < 128 || std::memcmp(header + 36, "acsp", 4) != 0) return ProfileProblem::not_icc;
  if (std::memcmp(header + 12, "prtr", 4) != 0) return ProfileProblem::not_printer;
  if (std::memcmp(header + 16, "CMYK", 4) != 0) return ProfileProblem::not_cmyk;
  return ProfileProblem::none;
}

std::optional<fs::path> find_ghostscript() {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const fs::path dir = dirs.substr(start, end - start);
    if (!dir.empty()) {
      const fs::path gs = dir / "gs";
      if (access(gs.c_str(), X_OK) == 0) return gs;
    }
    start = end + 1;
  }
  return std::nullopt;
}

bool set_content_id(std::string& pdf) {
  // The trailer follows the cross-reference table, so that nothing after it
  // has an offset: its /ID array may change length.
  const size_t trailer = pdf.rfind("trailer");
  if (trailer == std::string::npos) return false;
  const size_t key = pdf.find("/ID", trailer);
  if (key == std::string::npos) return false;
  size_t i = pdf.find_first_not_of(" \t\r\n", key + 3);
  if (i == std::string::npos || pdf[i] != '[') return false;
  const size_t open = i++;
  // Two strings, hexadecimal (<...>) or literal ((...), with escapes and
  // balanced parentheses), as Ghostscript writes either.
  int strings = 0;
  while (i < pdf.size() && pdf[i] != ']') {
    const char c = pdf[i];
    if (c == '<') {
      const size_t close = pdf.find('>', i);
      if (close == std::string::npos) return false;
      i = close + 1;
      ++strings;
    } else if (c == '(') {
      int depth = 1;
      for (++i; i < pdf.size() && depth > 0; ++i) {
        if (pdf[i] == '\\')
          ++i;
        else if (pdf[i] == '(')
          ++depth;
        else if (pdf[i] == ')')
          --depth;
      }
      if (depth != 0) return false;
      ++strings;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      ++i;
    } else {
      return false;
    }
  }
  if (i >= pdf.size() || strings != 2) return false;
  const size_t close = i;
  std::string rest = pdf;
  rest.erase(open, close + 1 - open);
  char id[40];
  std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(fnv1a(rest)),
                static_cast<unsigned long long>(fnv1a(rest, 0x84222325cbf29ce4ULL)));
  pdf.replace(open, close + 1 - open, std::string("[<") + id + "><" + id + ">]");
  return true;
}

std::string convert_to_pdfx(const std::string& pdf, const PdfXOptions& options,
                            const std::string& date, std::string* error) {
  const auto gs = find_ghostscript();
  if (!gs) {
    *error = "Ghostscript (gs) is not installed";
    return {};
  }
  TempFolder temp;
  if (temp.path().empty()) {
    *error = std::string("cannot make a temporary folder: ") + std::strerror(errno);
    return {};
  }
  const fs::path in = temp.path() / "in.pdf", marks = temp.path() / "pdfx.ps",
                 out = temp.path() / "out.pdf", log = temp.path() / "gs.log";
  if (!write_file(in, pdf) || !write_file(marks, pdfx_marks(options, pdf_date_text(date)))) {
    *error = "cannot write into " + temp.path().string() + ": " + std::strerror(errno);
    return {};
  }
  std::vector<std::string> args = {
      gs->string(), "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-dPDFX", "-dCompatibilityLevel=1.3",
      "-sDEVICE=pdfwrite", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
      // Pages stay as drawn (pdfwrite turns pages by their text otherwise),
      // pictures lossless, every font embedded.
      "-dAutoRotatePages=/None", "-dAutoFilterColorImages=false", "-dAutoFilterGrayImages=false",
      "-sColorImageFilter=FlateEncode", "-sGrayImageFilter=FlateEncode",
      "-dDownsampleColorImages=false", "-dDownsampleGrayImages=false", "-dEmbedAllFonts=true"};
  if (!options.output_profile.empty()) {
    const std::string profile = fs::absolute(options.output_profile).string();
    args.push_back("-sOutputICCProfile=" + profile);
    args.push_back("--permit-file-read=" + profile);
  }
  args.push_back("-sOutputFile=" + out.string());
  args.push_back(marks.string());
  args.push_back(in.string());
  const int status = run(args, log, error);
  if (status < 0) return {};
  const std::string said = gs_said(read_file(log));
  if (status != 0) {
    *error = "Ghostscript failed (exit " + std::to_string(status) + ")" +
             (said.empty() ? "" : ": " + said);
    return {};
  }
  std::string bytes = read_file(out);
  if (bytes.compare(0, 5, "%PDF-") != 0) {
    *error = "Ghostscript wrote no PDF" + (said.empty() ? "" : ": " + said);
    return {};
  }
  if (!set_content_id(bytes)) {
    *error = "Ghostscript's PDF has no document /ID";
    return {};
  }
  return bytes;
}

}  // namespace bocage
