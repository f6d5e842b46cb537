// Two machines' fonts for the tests that check the generator does not depend
// on what is installed: this machine's, and this machine's plus a folder with
// another font that fontconfig prefers for Japanese text right after the
// family asked for, as fonts-noto-cjk's rules prefer Noto Sans CJK JP. The other font is DejaVu
// Sans (fontconfig's own dependency) under the name "Bocage Extra": it has glyphs the BIZ UD fonts
// lack (U+2005, dice faces ⚀-⚅, chess pieces).
#pragma once

#include <fontconfig/fontconfig.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "generator/text/text_engine.h"
#include "scratch_dir.h"

namespace bocage::test {

/// The files of `family` in the current fontconfig configuration, sorted.
inline std::vector<std::string> system_files_of(const std::string& family,
                                                FcConfig* config = nullptr) {
  std::vector<std::string> out = font_files_of(config, family);
  std::sort(out.begin(), out.end());
  return out;
}

/// True when some font of `config` (the current configuration when null),
/// of `family` when given, has `c`.
inline bool system_has_char(char32_t c, FcConfig* config = nullptr,
                            const std::string& family = {}) {
  FcPattern* pattern = FcPatternCreate();
  if (!family.empty())
    FcPatternAddString(pattern, FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
  FcCharSet* chars = FcCharSetCreate();
  FcCharSetAddChar(chars, c);
  FcPatternAddCharSet(pattern, FC_CHARSET, chars);
  FcObjectSet* objects = FcObjectSetBuild(FC_FILE, nullptr);
  FcFontSet* set = FcFontList(config, pattern, objects);
  const bool found = set && set->nfont > 0;
  if (set) FcFontSetDestroy(set);
  FcObjectSetDestroy(objects);
  FcCharSetDestroy(chars);
  FcPatternDestroy(pattern);
  return found;
}

/// This machine plus another font: a fontconfig file (for FONTCONFIG_FILE) and
/// the configuration it makes.
class ExtraFontMachine {
 public:
  ExtraFontMachine() : dir_({}) {
    const auto dejavu = system_files_of("DejaVu Sans");
    auto regular = std::find_if(dejavu.begin(), dejavu.end(), [](const std::string& f) {
      return std::filesystem::path(f).filename() == "DejaVuSans.ttf";
    });
    if (regular == dejavu.end()) return;  // ok() is false: fonts-dejavu-core is missing
    std::filesystem::create_directories(dir_.root / "fonts");
    std::filesystem::create_symlink(*regular, dir_.root / "fonts" / "BocageExtra.ttf");
    const char* env = std::getenv("FONTCONFIG_FILE");
    const std::string system_conf = env && *env ? env : "/etc/fonts/fonts.conf";
    const std::string fonts = (dir_.root / "fonts").string();
    conf_ = (dir_.root / "fonts.conf").string();
    // The cache folder comes first, so that fontconfig writes the extra
    // folder's cache here and not into the system's. The rule comes before the
    // system's: Japanese text asks for the other font right after the family
    // it names, before every font the system would add.
    std::ofstream(conf_) << R"(<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <cachedir>)" << (dir_.root / "cache").string()
                         << R"(</cachedir>
  <match target="pattern">
    <test name="lang" compare="contains"><string>ja</string></test>
    <edit name="family" mode="append"><string>Bocage Extra</string></edit>
  </match>
  <include ignore_missing="yes">)"
                         << system_conf << R"(</include>
  <dir>)" << fonts << R"(</dir>
  <match target="scan">
    <test name="file" compare="contains"><string>)"
                         << fonts << R"(</string></test>
    <edit name="family" mode="assign" binding="same"><string>Bocage Extra</string></edit>
  </match>
</fontconfig>
)";
    config_ = FcConfigCreate();
    ok_ = FcConfigParseAndLoad(config_, reinterpret_cast<const FcChar8*>(conf_.c_str()), FcTrue) &&
          FcConfigBuildFonts(config_) && !system_files_of("Bocage Extra", config_).empty();
  }
  ~ExtraFontMachine() {
    if (config_) FcConfigDestroy(config_);
  }
  ExtraFontMachine(const ExtraFontMachine&) = delete;
  ExtraFontMachine& operator=(const ExtraFontMachine&) = delete;

  bool ok() const { return ok_; }
  /// The fontconfig file: set FONTCONFIG_FILE to it to run a program on this machine.
  const std::string& conf_file() const { return conf_; }
  FcConfig* config() const { return config_; }
  /// True when the other font has `c`.
  bool has_char(char32_t c) const { return system_has_char(c, config_, "Bocage Extra"); }

 private:
  ScratchDir dir_;
  std::string conf_;
  FcConfig* config_ = nullptr;
  bool ok_ = false;
};

/// Sets an environment variable while alive, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

}  // namespace bocage::test
