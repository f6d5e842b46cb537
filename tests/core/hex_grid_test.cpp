#include "core/hex_grid.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>

using namespace bocage;

namespace {

/// Neighbours by geometry: the hexes whose centres lie one flat-to-flat apart.
std::set<HexCoord> geometric_neighbours(const HexGrid& g, HexCoord h) {
  std::set<HexCoord> out;
  PointMm c = g.center(h);
  for (int col = 0; col < g.columns(); ++col)
    for (int row = 0; row < g.rows(); ++row) {
      PointMm o = g.center({col, row});
      if (std::fabs(std::hypot(o.x - c.x, o.y - c.y) - g.across_flats_mm()) < 1e-6)
        out.insert({col, row});
    }
  return out;
}

}  // namespace

TEST_CASE("flat-top centres: columns 1.5 radii apart, odd columns half a hex down") {
  HexGrid g(HexOrientation::flat_top, HexOffset::odd, 5, 4, 20);
  const double r = 20 / std::sqrt(3.0);
  CHECK(g.radius_mm() == Approx(r));
  CHECK(g.center({0, 0}).x == Approx(r));
  CHECK(g.center({0, 0}).y == Approx(10));
  CHECK(g.center({1, 0}).x == Approx(2.5 * r));
  CHECK(g.center({1, 0}).y == Approx(20));  // pushed down half a hex
  CHECK(g.center({2, 3}).y == Approx(70));
  CHECK(g.extent().width == Approx(2 * r + 4 * 1.5 * r));
  CHECK(g.extent().height == Approx(4 * 20 + 10));
  auto corners = g.corners({0, 0});
  CHECK(corners[0].x == Approx(2 * r));  // the right corner
  CHECK(corners[0].y == Approx(10));
  HexGrid even(HexOrientation::flat_top, HexOffset::even, 5, 4, 20);
  CHECK(even.center({0, 0}).y == Approx(20));
  CHECK(even.center({1, 0}).y == Approx(10));
}

TEST_CASE("pointy-top centres: rows 1.5 radii apart, odd rows half a hex right") {
  HexGrid g(HexOrientation::pointy_top, HexOffset::odd, 4, 5, 16);
  const double r = 16 / std::sqrt(3.0);
  CHECK(g.center({0, 0}).x == Approx(8));
  CHECK(g.center({0, 0}).y == Approx(r));
  CHECK(g.center({0, 1}).x == Approx(16));
  CHECK(g.center({0, 1}).y == Approx(2.5 * r));
  CHECK(g.corners({0, 0})[5].y == Approx(0).margin(1e-9));  // the top corner
  CHECK(g.extent().width == Approx(4 * 16 + 8));
}

TEST_CASE("neighbours and distances agree with the geometry for both orientations and offsets") {
  for (auto o : {HexOrientation::flat_top, HexOrientation::pointy_top}) {
    for (auto off : {HexOffset::odd, HexOffset::even}) {
      HexGrid g(o, off, 7, 6, 19);
      for (int col = 0; col < 7; ++col) {
        for (int row = 0; row < 6; ++row) {
          HexCoord h{col, row};
          auto n = g.neighbours(h);
          CHECK(std::set<HexCoord>(n.begin(), n.end()) == geometric_neighbours(g, h));
          for (const auto& m : n) CHECK(g.distance(h, m) == 1);
          CHECK(g.distance(h, h) == 0);
          CHECK(g.hex_at(g.center(h)) == h);
        }
      }
      // Distance is the fewest steps: breadth-first search over neighbours.
      HexCoord from{3, 2};
      std::map<HexCoord, int> steps{{from, 0}};
      std::vector<HexCoord> frontier{from};
      while (!frontier.empty()) {
        std::vector<HexCoord> next;
        for (auto h : frontier)
          for (auto m : g.neighbours(h))
            if (!steps.count(m)) {
              steps[m] = steps[h] + 1;
              next.push_back(m);
            }
        frontier = next;
      }
      for (const auto& [h, d] : steps) CHECK(g.distance(from, h) == d);
    }
  }
  HexGrid g(HexOrientation::flat_top, HexOffset::odd, 10, 10, 19);
  CHECK(g.neighbours({0, 0}).size() == 2);  // a corner
  CHECK(g.neighbours({4, 4}).size() == 6);
  CHECK(g.distance({0, 0}, {9, 9}) == 14);
}

TEST_CASE("hex labels follow a printf-like format") {
  CHECK(hex_label("%02c%02r", {0, 0}) == "0101");
  CHECK(hex_label("%02c%02r", {11, 4}) == "1205");
  CHECK(hex_label("%c-%r", {2, 9}, 0, 0) == "2-9");
  CHECK(hex_label("%c%%", {4, 0}) == "5%");
  CHECK(hex_label("%3c", {4, 0}) == "  5");
  Text error;
  CHECK(valid_hex_label_format("%02c%02r", &error));
  CHECK_FALSE(valid_hex_label_format("%02x", &error));
  CHECK_THAT(error.en, Catch::Contains("after % comes a width and c (column) or r (row)"));
  CHECK_THAT(error.ja, Catch::Contains("c（列）または r（行）"));
  CHECK_FALSE(valid_hex_label_format("%123c", &error));
  CHECK_THAT(error.en, Catch::Contains("at most 9 (one digit)"));
  CHECK_THAT(error.ja, Catch::Contains("1 桁"));
}

TEST_CASE("hex grid: path distances go around impassable hexes") {
  // A 5x5 flat-top grid; column 2 is a wall except at its bottom row.
  HexGrid g(HexOrientation::flat_top, HexOffset::odd, 5, 5, 10);
  auto open = [](HexCoord) { return true; };
  auto wall = [](HexCoord h) { return h.col != 2 || h.row == 4; };
  const HexCoord a{0, 0}, b{4, 0};
  CHECK(hex_path_distance(g, a, b, open) == g.distance(a, b));
  const int around = hex_path_distance(g, a, b, wall);
  CHECK(around > g.distance(a, b));
  CHECK(around == 10);  // down to row 4, through (2,4), back up
  auto closed = [](HexCoord h) { return h.col != 2; };
  CHECK(hex_path_distance(g, a, b, closed) == -1);
  CHECK(hex_path_distance(g, a, a, closed) == 0);
  CHECK(hex_path_distance(g, a, HexCoord{9, 9}, open) == -1);  // off the grid
  const auto steps = hex_steps_from(g, a, wall);
  CHECK(steps[size_t(hex_index(g, HexCoord{2, 0}))] == -1);  // a wall is never entered
  CHECK(steps[size_t(hex_index(g, HexCoord{1, 1}))] == g.distance(a, HexCoord{1, 1}));
}
