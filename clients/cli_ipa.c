/*
** cli_ipa.c -- whole programs in the CLI: several modules (or one linked
** module) read, linked and summarized (analysis/ipa), for `print|build|
** verify --local --ipa A.ll B.ll ...` (cli_local.c) and for
**
**   memssa summary --local [--ipa] [--llvm N] [--function NAME] FILE.ll...
**
** which prints every function's interprocedural mod/ref summary as one
** JSON document (the contract shared with the soundness checker).
**
** Invariants:
**   1. The JSON document's keys come in the contract's order, and its
**      arrays in the program's order (ipa.h invariant 2): the output is
**      the same on every run and does not depend on addresses.
**   2. The program comes from mssa__cli_program_open (cli_local.c), which
**      applies MSSA_IPA_DROP_WRITE before anything reads the summaries.
*/
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "ipa/ipa.h"
#include "ir/ir.h"

/* ------------------------------------------------------------ JSON */

static json_t *module_of(const mssa_program *p, int32_t m) {
  return m < 0 ? json_null() : json_string(mssa_program_module_name(p, (uint32_t)m));
}

static json_t *entry_json(const mssa_program *p, const mssa_ipa_entry *e) {
  switch (e->kind) {
  case MSSA_IPA_GLOBAL: {
    const mssa_ipa_global *g = mssa_program_global(p, e->id);
    return json_pack("{sssssosIso}", "kind", "global", "name", g->name, "module", module_of(p, g->module),
                     "lo", (json_int_t)(e->whole ? 0 : e->lo),
                     "hi", e->whole ? json_null() : json_integer((json_int_t)e->hi));
  }
  case MSSA_IPA_PARAM:
    return json_pack("{sssIsoso}", "kind", "param", "index", (json_int_t)e->id,
                     "lo", e->whole ? json_null() : json_integer((json_int_t)e->lo),
                     "hi", e->whole ? json_null() : json_integer((json_int_t)e->hi));
  case MSSA_IPA_ALLOC: return json_pack("{ss}", "kind", "alloc");
  case MSSA_IPA_OTHER: return json_pack("{ss}", "kind", "other");
  default: return json_pack("{ss}", "kind", "inaccessible");
  }
}

static json_t *entries_json(const mssa_program *p, const mssa_ipa_entry *es, uint32_t n) {
  json_t *a = json_array();
  for (uint32_t k = 0; k < n; k++) {
    /* other memory of several access tags is one "other", and the kinds
    ** of inaccessible state one "inaccessible" (ipa.h) */
    if (k && (es[k].kind == MSSA_IPA_OTHER || es[k].kind == MSSA_IPA_INACC) && es[k - 1].kind == es[k].kind)
      continue;
    json_array_append_new(a, entry_json(p, &es[k]));
  }
  return a;
}

static json_t *summary_json(const mssa_program *p, bool ipa, const char *only) {
  json_t *mods = json_array();
  for (uint32_t k = 0; k < mssa_program_nmodules(p); k++)
    json_array_append_new(mods, json_string(mssa_program_module_name(p, k)));
  json_t *globals = json_array();
  for (uint32_t g = 0; g < mssa_program_nglobals(p); g++) {
    const mssa_ipa_global *G = mssa_program_global(p, g);
    json_array_append_new(globals, json_pack("{sssososb}", "name", G->name, "module", module_of(p, G->module),
                                             "size", G->defined ? json_integer((json_int_t)G->size) : json_null(),
                                             "address_taken", G->address_taken));
  }
  json_t *funcs = json_array();
  for (uint32_t k = 0; k < mssa_program_nfuncs(p); k++) {
    const mssa_ipa_func *F = mssa_program_func(p, k);
    if (F->def_fi == MSSA_NONE || (only && strcmp(only, F->name))) continue;
    const mssa_ipa_summary *s = mssa_program_summary(p, k);
    bool unk = s->read_all || s->write_all;
    const char *why = unk ? mssa_ipa_reason_name(s->reason) : NULL;
    json_array_append_new(funcs, json_pack("{sssosbsososo}", "name", F->name, "module", module_of(p, F->module),
                                           "unknown", unk, "reason", why ? json_string(why) : json_null(),
                                           "reads", entries_json(p, s->r, unk ? 0 : s->nr),
                                           "writes", entries_json(p, s->w, unk ? 0 : s->nw)));
  }
  return json_pack("{sssososo}", "mode", ipa ? "ipa" : "local", "modules", mods, "globals", globals,
                   "functions", funcs);
}

int mssa_cli_summary(int argc, char **argv) {
  bool local = false, ipa = false;
  unsigned llvm = 0;
  const char *only = NULL;
  const char **files = mssa_xcalloc((size_t)argc + 1, sizeof *files);
  uint32_t nf = 0;
  for (int i = 0; i < argc; i++) {
    int lv = mssa__cli_llvm_opt(argc, argv, &i, &llvm, "summary");
    if (lv < 0) { free(files); return 2; }
    if (lv) continue;
    if (!strcmp(argv[i], "--local")) local = true;
    else if (!strcmp(argv[i], "--ipa")) ipa = true;
    else if (!strcmp(argv[i], "--function") && i + 1 < argc) only = argv[++i];
    else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "memssa summary: unknown option '%s'\n", argv[i]);
      free(files);
      return 2;
    } else files[nf++] = argv[i];
  }
  if (!local || !nf) {
    fprintf(stderr, "usage: memssa summary --local [--ipa] [--llvm N] [--function NAME] FILE.ll...\n");
    free(files);
    return 2;
  }
  mssa__cli_program cp;
  int rc = mssa__cli_program_open(files, nf, llvm, ipa, &cp);
  free(files);
  if (rc < 0) return 1;
  json_t *doc = summary_json(cp.p, ipa, only);
  /* invariant 1: keys in insertion order, as the contract lists them */
  int bad = !doc || json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER) || fputc('\n', stdout) == EOF;
  json_decref(doc);
  mssa__cli_program_close(&cp);
  return bad ? 1 : 0;
}
