#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

// The suite runs in whatever locale it is given (scripts/quickstart.sh runs
// it as a Japanese desktop does, LANG=ja_JP.UTF-8, and bocage-gen's
// end-to-end tests in C too): no test forces a locale unless it is about the
// language, and then it sets its own (docs/command-line.md#locales).
