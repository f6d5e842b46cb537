/* The baseline for bocage-gen's speed and size (README: Performance): what
 * plain pango_cairo costs for the Endless Patrol decks. It reads the two deck
 * files and the symbol rules with a naive line parser, and prints every card
 * 3x3 on A4 with its back page behind it, in one PDF per deck: the text
 * fields of the templates in their boxes, fonts and sizes (no fitting, no
 * Japanese typesetting rules), the SVG icons with librsvg, frames and circles. bench/run.sh
 * times it beside `bocage-gen build` on the same data.
 *   pango_baseline DATA_DIR ICONS_DIR OUT_DIR
 * (DATA_DIR: data/endless-patrol, ICONS_DIR: templates/icons) */
#include <fontconfig/fontconfig.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CARDS 128
#define MAX_SYMBOLS 16
#define MM (72.0 / 25.4)

typedef struct { char ja[512], en[512]; } Text;
typedef struct { char id[16]; Text rule; } Symbol;
typedef struct { int no, ammo, draw, nsym; char sym[4][16]; Text name; } Card;

static Symbol symbols[MAX_SYMBOLS];
static int nsymbols;
static const char* icons_dir;

/* An SVG icon from ICONS_DIR fitted into a box (mm): recorded once (librsvg
 * into a recording surface), then painted, so that the PDF holds it once. */
static void icon(cairo_t* cr, const char* name, double x, double y, double w, double h) {
  static struct { char name[32]; cairo_surface_t* rec; } cache[32];
  static int ncache;
  cairo_surface_t* rec = NULL;
  for (int i = 0; i < ncache && !rec; ++i)
    if (strcmp(cache[i].name, name) == 0) rec = cache[i].rec;
  if (!rec && ncache < 32) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.svg", icons_dir, name);
    RsvgHandle* svg = rsvg_handle_new_from_file(path, NULL);
    if (!svg) return;
    cairo_rectangle_t extents = {0, 0, 100, 100};
    rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
    cairo_t* rc = cairo_create(rec);
    RsvgRectangle box = {0, 0, 100, 100};
    rsvg_handle_render_document(svg, rc, &box, NULL);
    cairo_destroy(rc);
    g_object_unref(svg);
    snprintf(cache[ncache].name, sizeof cache[0].name, "%s", name);
    cache[ncache++].rec = rec;
  }
  double side = w < h ? w : h;
  cairo_save(cr);
  cairo_translate(cr, x + (w - side) / 2, y + (h - side) / 2);
  cairo_scale(cr, side / 100, side / 100);
  cairo_set_source_surface(cr, rec, 0, 0);
  cairo_paint(cr);
  cairo_restore(cr);
}

/* Copies the quoted string after `key = "` in `line` into `out`. */
static int quoted(const char* line, const char* key, char* out, size_t n) {
  const char* p = strstr(line, key);
  if (!p) return 0;
  p = strchr(p + strlen(key), '"');
  if (!p) return 0;
  const char* e = strchr(++p, '"');
  if (!e || (size_t)(e - p) >= n) return 0;
  memcpy(out, p, (size_t)(e - p));
  out[e - p] = 0;
  return 1;
}

static void read_symbols(const char* game_toml) {
  FILE* f = fopen(game_toml, "r");
  char line[2048];
  while (f && fgets(line, sizeof line, f)) {
    if (strncmp(line, "[symbols.", 9) == 0 && nsymbols < MAX_SYMBOLS) {
      sscanf(line + 9, "%15[^]]", symbols[nsymbols++].id);
    } else if (nsymbols > 0 && strncmp(line, "rule", 4) == 0) {
      quoted(line, "ja =", symbols[nsymbols - 1].rule.ja, sizeof symbols[0].rule.ja);
      quoted(line, "en =", symbols[nsymbols - 1].rule.en, sizeof symbols[0].rule.en);
    }
  }
  if (f) fclose(f);
}

static int read_cards(const char* deck_toml, Card* cards) {
  FILE* f = fopen(deck_toml, "r");
  char line[2048];
  int n = 0;
  while (f && fgets(line, sizeof line, f)) {
    Card* c = n > 0 ? &cards[n - 1] : NULL;
    if (strncmp(line, "[[card]]", 8) == 0 && n < MAX_CARDS) memset(&cards[n++], 0, sizeof *cards);
    else if (!c) continue;
    else if (sscanf(line, "no = %d", &c->no) == 1 || sscanf(line, "ammo = %d", &c->ammo) == 1 ||
             sscanf(line, "draw = %d", &c->draw) == 1) continue;
    else if (strncmp(line, "name", 4) == 0) {
      quoted(line, "ja =", c->name.ja, sizeof c->name.ja);
      quoted(line, "en =", c->name.en, sizeof c->name.en);
    } else if (strncmp(line, "symbols", 7) == 0) {
      for (char* p = strchr(line, '"'); p && c->nsym < 4; p = strchr(p, '"')) {
        char* e = strchr(++p, '"');
        if (!e) break;
        snprintf(c->sym[c->nsym++], 16, "%.*s", (int)(e - p), p);
        p = e + 1;
      }
    }
  }
  if (f) fclose(f);
  return n;
}

/* Text in a box (mm), wrapped to its width, in a font family at a size in pt. */
static void text(cairo_t* cr, PangoLayout* layout, double x, double y, double w, const char* family,
                 int bold, double pt, int center, const char* s) {
  PangoFontDescription* fd = pango_font_description_new();
  pango_font_description_set_family(fd, family);
  pango_font_description_set_weight(fd, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(fd, pt / MM * PANGO_SCALE);  /* pt in a mm space */
  pango_layout_set_font_description(layout, fd);
  pango_font_description_free(fd);
  pango_layout_set_width(layout, (int)(w * PANGO_SCALE));
  pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment(layout, center ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
  pango_layout_set_text(layout, s, -1);
  cairo_move_to(cr, x, y);
  pango_cairo_show_layout(cr, layout);
}

static void face(cairo_t* cr, PangoLayout* l, const Card* c, int patrol) {
  char buf[1200];
  cairo_set_source_rgb(cr, 0.96, 0.94, 0.88);
  cairo_rectangle(cr, -3, -3, 69, 94);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.55, 0.52, 0.44);
  cairo_set_line_width(cr, 0.3);
  cairo_rectangle(cr, 2.5, 2.5, 58, 83);
  cairo_move_to(cr, 6, 80.5);
  cairo_line_to(cr, 57, 80.5);
  cairo_stroke(cr);
  text(cr, l, 6, 81.3, 51, "BIZ UDGothic", 0, 5.5, 1,
       patrol ? "パトロールデッキ · エンドレス・パトロール Endless Patrol"
              : "GIデッキ · エンドレス・パトロール Endless Patrol");
  cairo_set_source_rgb(cr, patrol ? 0.35 : 0.24, patrol ? 0.22 : 0.30, 0.15);
  cairo_rectangle(cr, -3, -3, 69, 27);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 1, 1, 1);
  snprintf(buf, sizeof buf, "No.%d", c->no);
  text(cr, l, 5, 3.2, 20, "BIZ UDPGothic", 0, 7, 0, buf);
  text(cr, l, 5, 7.5, 40, "BIZ UDGothic", 1, 13, 0, c->name.ja);
  if (c->ammo || c->draw) {
    cairo_arc(cr, 53.5, 12, 7.6, 0, 6.2832);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    snprintf(buf, sizeof buf, c->ammo ? "%d" : "+%d", c->ammo ? c->ammo : c->draw);
    text(cr, l, 45.9, 5.6, 15.2, "BIZ UDGothic", 1, 21, 1, buf);
    text(cr, l, 45.9, 14.6, 15.2, "BIZ UDGothic", 0, 5.5, 1, c->ammo ? "弾薬" : "引く");
  }
  cairo_set_source_rgb(cr, 0, 0, 0);
  text(cr, l, 5, 25.8, 53, "BIZ UDPGothic", 1, 9, 0, c->name.en);
  for (int i = 0; i < c->nsym; ++i) icon(cr, c->sym[i], 26.5 + 12 * i - 6 * (c->nsym - 1), 35, 10, 10);
  if (c->nsym == 0) icon(cr, patrol ? "helmet" : "fire", 21.5, 36, 20, patrol ? 16 : 20);
  for (int i = 0; i < c->nsym; ++i)
    for (int s = 0; s < nsymbols; ++s)
      if (strcmp(symbols[s].id, c->sym[i]) == 0) {
        text(cr, l, 5, 50.5, 53, "BIZ UDGothic", 0, 8, 0, symbols[s].rule.ja);
        text(cr, l, 5, 67.5, 53, "BIZ UDPGothic", 0, 6.5, 0, symbols[s].rule.en);
      }
  if (!patrol)
    text(cr, l, 5, 59, 53, "BIZ UDGothic", 0, 6, 1, "射撃フェイズに出す / Play in the fire phase");
}

static void back(cairo_t* cr, PangoLayout* l, int patrol) {
  cairo_set_source_rgb(cr, patrol ? 0.35 : 0.24, patrol ? 0.22 : 0.30, 0.15);
  cairo_rectangle(cr, -3, -3, 69, 94);
  cairo_fill(cr);
  icon(cr, patrol ? "helmet" : "star", patrol ? 14.5 : 16.5, 14, patrol ? 34 : 30, 30);
  cairo_set_source_rgb(cr, 1, 1, 1);
  text(cr, l, 6, 47, 51, "BIZ UDPGothic", 1, 36, 1, patrol ? "PATROL" : "GI");
  text(cr, l, 6, 62, 51, "BIZ UDGothic", 1, 9, 1, patrol ? "パトロールデッキ" : "GIデッキ");
  text(cr, l, 6, 68, 51, "BIZ UDGothic", 0, 7, 1, "エンドレス・パトロール");
  text(cr, l, 6, 73, 51, "BIZ UDPGothic", 0, 7, 1, "Endless Patrol");
}

static void deck(const char* data, const char* name, const char* out, int patrol) {
  static Card cards[MAX_CARDS];
  char path[4096];
  snprintf(path, sizeof path, "%s/%s-deck.toml", data, name);
  int n = read_cards(path, cards);
  snprintf(path, sizeof path, "%s/%s.pdf", out, name);
  cairo_surface_t* s = cairo_pdf_surface_create(path, 210 * MM, 297 * MM);
  cairo_t* cr = cairo_create(s);
  cairo_scale(cr, MM, MM);
  PangoLayout* l = pango_cairo_create_layout(cr);
  cairo_font_options_t* fo = cairo_font_options_create(); /* print: no hinting */
  cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
  pango_cairo_context_set_font_options(pango_layout_get_context(l), fo);
  pango_layout_context_changed(l);
  cairo_font_options_destroy(fo);
  const double x0 = (210 - 3 * 63) / 2.0, y0 = (297 - 3 * 88) / 2.0;
  for (int page = 0; page * 9 < n; ++page) {
    for (int side = 0; side < 2; ++side) {
      for (int i = page * 9; i < n && i < page * 9 + 9; ++i) {
        int col = (i % 9) % 3, row = (i % 9) / 3;
        if (side) col = 2 - col; /* behind its face after a long-edge flip */
        cairo_save(cr);
        cairo_rectangle(cr, x0 + col * 63, y0 + row * 88, 63, 88);
        cairo_clip(cr);
        cairo_translate(cr, x0 + col * 63, y0 + row * 88);
        if (side) back(cr, l, patrol);
        else face(cr, l, &cards[i], patrol);
        cairo_restore(cr);
      }
      cairo_show_page(cr);
    }
  }
  g_object_unref(l);
  cairo_destroy(cr);
  cairo_surface_finish(s);
  if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) { /* e.g. OUT_DIR missing */
    fprintf(stderr, "pango_baseline: %s: %s\n", path, cairo_status_to_string(cairo_surface_status(s)));
    exit(1);
  }
  cairo_surface_destroy(s);
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: pango_baseline DATA_DIR ICONS_DIR OUT_DIR\n");
    return 2;
  }
  icons_dir = argv[2];
  char path[4096];
  snprintf(path, sizeof path, "%s/game.toml", argv[1]);
  read_symbols(path);
  deck(argv[1], "gi", argv[3], 0);
  deck(argv[1], "patrol", argv[3], 1);
  return 0;
}
