/* rules_sycl's test runtime, its core: registration, image choice, requirement checks,
 * the device selector. The devices come from the backends (rsycl_backend.h): CUDA first,
 * then OpenCL. See sycl_runtime.h. */
#include "sycl_runtime.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "rsycl_backend.h"
#include "sycl_tables.h"

/* ---- Registration and errors ------------------------------------------------------ */

/* Registered descriptors and loaded programs: tables that grow as needed. */
static struct rs_desc **descs;
static size_t ndescs, cap_descs;
static char last_error[1024];

/* Makes room for one more element in a table of *cap elements of size elem; a failed
 * allocation ends the process with a message (registration has no error path). */
static void grow(void **table, size_t *cap, size_t n, size_t elem) {
  if (n < *cap) return;
  size_t c = *cap ? 2 * *cap : 16;
  void *t = realloc(*table, c * elem);
  if (!t) {
    fprintf(stderr, "rules_sycl runtime: out of memory growing a table to %zu entries\n", c);
    abort();
  }
  *table = t;
  *cap = c;
}

int rs_fail(int code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return code;
}

/* RSYCL_TRACE=1: what the runtime chose, on stderr. */
void rs_trace(const char *fmt, ...) {
  static int on = -1;
  if (on < 0) {
    const char *t = getenv("RSYCL_TRACE");
    on = t && *t && strcmp(t, "0") != 0;
  }
  if (!on) return;
  va_list ap;
  va_start(ap, fmt);
  fputs("rsycl: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

double rs_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

const char *rsycl_last_error(void) { return last_error; }

void __sycl_register_lib(struct rs_desc *desc) {
  grow((void **)&descs, &cap_descs, ndescs, sizeof *descs);
  descs[ndescs++] = desc;
}

void __sycl_unregister_lib(struct rs_desc *desc) {
  for (size_t i = 0; i < ndescs; i++)
    if (descs[i] == desc) {
      descs[i] = descs[--ndescs];
      return;
    }
}

size_t rsycl_desc_count(void) { return ndescs; }
const struct rs_desc *rsycl_desc(size_t i) { return i < ndescs ? descs[i] : NULL; }

size_t rsycl_image_count(void) {
  size_t n = 0;
  for (size_t i = 0; i < ndescs; i++) n += descs[i]->count;
  return n;
}

const struct rs_prop *rs_find_prop(const struct rs_image *img, const char *set, const char *name) {
  for (const struct rs_prop_set *s = img->props_begin; s && s < img->props_end; s++) {
    if (strcmp(s->name, set) != 0) continue;
    for (const struct rs_prop *p = s->begin; p < s->end; p++)
      if (strcmp(p->name, name) == 0) return p;
  }
  return NULL;
}

static int has_entry(const struct rs_image *img, const char *name) {
  for (const struct rs_entry *e = img->entries_begin; e && e < img->entries_end; e++)
    if (strcmp(e->name, name) == 0) return 1;
  return 0;
}

/* ---- Devices ----------------------------------------------------------------------- */

/* The backends, in the order of the default choice. */
static const struct rs_backend *const backends[] = {&rs_cuda_backend, &rs_opencl_backend};

static struct rs_device devices[RS_MAX_DEVICES];
static size_t ndevices;
static int enumerated;

void rs_add_aspect(struct rs_device *d, uint32_t aspect) {
  if (d->naspects < RS_MAX_DEVICE_ASPECTS) d->aspects[d->naspects++] = aspect;
}

static const char *type_name(int t) { return t == RS_TYPE_CPU ? "cpu" : t == RS_TYPE_GPU ? "gpu" : "acc"; }

static void enumerate(void) {
  if (enumerated) return;
  enumerated = 1;
  for (size_t b = 0; b < sizeof backends / sizeof backends[0]; b++) backends[b]->enumerate(devices, &ndevices);
}

/* ---- ONEAPI_DEVICE_SELECTOR ------------------------------------------------------- */

/* Compares [s, s+n) with word, ignoring case. */
static int word_is(const char *s, size_t n, const char *word) {
  return strlen(word) == n && strncasecmp(s, word, n) == 0;
}

/* Does one device spec ("*", "cpu", "gpu", "fpga", "acc", or a number) of a term
 * match? Returns 1/0, or -1 with err set. */
static int spec_matches(const char *s, size_t n, int index, const char *type, char *err, size_t errn) {
  if (word_is(s, n, "*")) return 1;
  if (word_is(s, n, "cpu") || word_is(s, n, "gpu")) return strncasecmp(s, type, 3) == 0;
  if (word_is(s, n, "fpga") || word_is(s, n, "acc")) return strcmp(type, "acc") == 0;
  size_t i = 0;
  while (i < n && isdigit((unsigned char)s[i])) i++;
  if (i > 0 && i == n) return atoi(s) == index;
  if (i > 0 && i < n && s[i] == '.') {
    snprintf(err, errn, "\"%.*s\" names a sub-device, which rsycl does not support", (int)n, s);
    return -1;
  }
  snprintf(err, errn, "\"%.*s\" is not a device (write *, cpu, gpu, fpga or a device number)", (int)n, s);
  return -1;
}

int rsycl_selector_matches(const char *selector, const char *backend, int index, const char *type, char *err,
                           size_t errn) {
  int positive_terms = 0, selected = 0, discarded = 0;
  const char *p = selector;
  while (*p) {
    const char *end = strchr(p, ';');
    if (!end) end = p + strlen(p);
    while (p < end && isspace((unsigned char)*p)) p++;
    const char *term_end = end;
    while (term_end > p && isspace((unsigned char)term_end[-1])) term_end--;
    if (p == term_end) {
      p = *end ? end + 1 : end;
      continue;
    }
    int negative = *p == '!';
    if (negative) p++;
    const char *colon = memchr(p, ':', (size_t)(term_end - p));
    if (!colon) {
      snprintf(err, errn, "term \"%.*s\" has no backend (write backend:devices, e.g. cuda:0 or opencl:cpu)",
               (int)(term_end - p), p);
      return -1;
    }
    size_t bn = (size_t)(colon - p);
    int known = word_is(p, bn, "*") || word_is(p, bn, "cuda") || word_is(p, bn, "opencl") ||
                word_is(p, bn, "level_zero") || word_is(p, bn, "hip") || word_is(p, bn, "native_cpu");
    if (!known) {
      snprintf(err, errn, "unknown backend \"%.*s\" (known: cuda, opencl, level_zero, hip, native_cpu, *)", (int)bn, p);
      return -1;
    }
    int backend_ok = word_is(p, bn, "*") || word_is(p, bn, backend);
    int match = 0;
    const char *q = colon + 1;
    if (q == term_end) {
      snprintf(err, errn, "term \"%.*s\" names no device", (int)(term_end - p), p);
      return -1;
    }
    while (q <= term_end) {
      const char *comma = memchr(q, ',', (size_t)(term_end - q));
      const char *spec_end = comma ? comma : term_end;
      const char *a = q, *b = spec_end;
      while (a < b && isspace((unsigned char)*a)) a++;
      while (b > a && isspace((unsigned char)b[-1])) b--;
      if (a == b) {
        snprintf(err, errn, "term \"%.*s\" has an empty device", (int)(term_end - p), p);
        return -1;
      }
      int m = spec_matches(a, (size_t)(b - a), index, type, err, errn);
      if (m < 0) return -1;
      match |= m;
      if (!comma) break;
      q = comma + 1;
    }
    if (negative) discarded |= backend_ok && match;
    else {
      positive_terms++;
      selected |= backend_ok && match;
    }
    p = *end ? end + 1 : end;
  }
  if (positive_terms == 0) selected = 1; /* only discarding terms: from every device */
  return selected && !discarded;
}

/* ---- Images ------------------------------------------------------------------------ */

/* The image's required work-group size (reqd_work_group_size_uint64_t, SPIR-V order) in
 * d, missing dimensions 1; returns its number of dimensions, 0 without one. */
static size_t reqd_work_group_size(const struct rs_image *img, uint64_t d[3]) {
  const struct rs_prop *p = rs_find_prop(img, "SYCL/device requirements", "reqd_work_group_size_uint64_t");
  d[0] = d[1] = d[2] = 1;
  if (!p || p->type != RS_PROP_BYTE_ARRAY || p->size < 8) return 0;
  size_t n = (p->size - 8) / 8;
  for (size_t i = 0; i < n && i < 3; i++) memcpy(&d[i], (const unsigned char *)p->value + 8 + 8 * i, 8);
  return n;
}

/* The backend whose devices load the images of a descriptor target (rs_target_backends,
 * generated from the Go table); "" for a target none does. */
static const char *backend_of(const char *target) {
  for (size_t i = 0; i < sizeof rs_target_backends / sizeof rs_target_backends[0]; i++)
    if (strcmp(rs_target_backends[i].target, target) == 0) return rs_target_backends[i].backend;
  return "";
}

/* The images of device d's family: those its backend loads. */
static int of_family(const struct rs_image *img, const struct rs_device *d) {
  return strcmp(backend_of(img->target), d->backend->name) == 0;
}

/* How well device d can consume the image: 0 not at all, higher is better. */
static int fit(const struct rs_image *img, const struct rs_device *d) {
  return of_family(img, d) ? d->backend->fit(img, d) : 0;
}

/* A descriptor target whose images d's backend loads, for messages. */
static const char *family_target(const struct rs_device *d) {
  for (size_t i = 0; i < sizeof rs_target_backends / sizeof rs_target_backends[0]; i++)
    if (strcmp(rs_target_backends[i].backend, d->backend->name) == 0) return rs_target_backends[i].target;
  return d->backend->name;
}

/* ---- Requirements ------------------------------------------------------------------ */

static const char *aspect_name(uint32_t v, char *buf, size_t n) {
  for (size_t i = 0; i < sizeof rs_aspect_names / sizeof rs_aspect_names[0]; i++)
    if (rs_aspect_names[i].value == v) return rs_aspect_names[i].name;
  snprintf(buf, n, "%u", v);
  return buf;
}

static int device_has(const struct rs_device *d, uint32_t aspect) {
  for (size_t i = 0; i < d->naspects; i++)
    if (d->aspects[i] == aspect) return 1;
  return 0;
}

/* The uint32 values of a byte-array property (after its 64-bit size), one at a time:
 * returns 0 past the last. */
static int u32_at(const struct rs_prop *p, size_t i, uint32_t *v) {
  if (!p || p->type != RS_PROP_BYTE_ARRAY || p->size < 8 || i >= (p->size - 8) / 4) return 0;
  memcpy(v, (const unsigned char *)p->value + 8 + 4 * i, 4);
  return 1;
}

/* Checks [SYCL/device requirements] against device d, in DPC++'s runtime wording. */
static int check_requirements(const struct rs_image *img, const struct rs_device *d) {
  char buf[16];
  uint32_t a;
  const struct rs_prop *p = rs_find_prop(img, "SYCL/device requirements", "aspects");
  for (size_t i = 0; u32_at(p, i, &a); i++)
    if (!device_has(d, a))
      return rs_fail(RSYCL_KERNEL_NOT_SUPPORTED, "Required aspect %s is not supported on the device",
                     aspect_name(a, buf, sizeof buf));
  /* A JIT image variant of device_if (rsycl/device_if): its branches were resolved for
   * devices with exactly the "has" aspects of those its conditions test. */
  for (int want = 1; want >= 0; want--) {
    p = rs_find_prop(img, "rsycl/device_if", want ? "has" : "lacks");
    for (size_t i = 0; u32_at(p, i, &a); i++)
      if (device_has(d, a) != want)
        return rs_fail(RSYCL_KERNEL_NOT_SUPPORTED, "the image's device_if branches are for devices %s aspect %s",
                       want ? "with" : "without", aspect_name(a, buf, sizeof buf));
  }
  p = rs_find_prop(img, "SYCL/device requirements", "reqd_sub_group_size");
  if (p && p->type == RS_PROP_UINT32) {
    int ok = 0;
    for (size_t i = 0; i < d->nsg; i++) ok |= d->sg_sizes[i] == (size_t)p->size;
    if (!ok)
      return rs_fail(RSYCL_KERNEL_NOT_SUPPORTED, "Sub-group size %u is not supported on the device", (unsigned)p->size);
  }
  uint64_t w[3];
  if (reqd_work_group_size(img, w)) {
    uint64_t total = w[0] * w[1] * w[2];
    if (total > d->max_wg)
      return rs_fail(RSYCL_KERNEL_NOT_SUPPORTED, "Required work-group size %llu is not supported on the device",
                     (unsigned long long)total);
  }
  return RSYCL_OK;
}

/* Whether device d can run at least one registered image (any, when none is registered). */
static int some_image_fits(const struct rs_device *d) {
  size_t seen = 0;
  for (size_t i = 0; i < ndescs; i++)
    for (uint16_t j = 0; j < descs[i]->count; j++) {
      const struct rs_image *img = &descs[i]->images[j];
      seen++;
      if (fit(img, d) && check_requirements(img, d) == RSYCL_OK) return 1;
    }
  return seen == 0;
}

/* ---- The chosen device ------------------------------------------------------------- */

static struct rs_device *cur;
static int init_failed;
static char init_failure[700];
static char cur_description[300];

const char *rs_current_description(void) { return cur_description; }

static int open_device(struct rs_device *d) {
  if (!d->backend->open(d)) return 0;
  cur = d;
  d->backend->describe(d, cur_description, sizeof cur_description);
  rs_trace("device %s", cur_description);
  last_error[0] = 0;
  return 1;
}

/* Lists the devices there are, for messages. */
static void list_devices(char *buf, size_t n) {
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < ndevices && used < n; i++) {
    char one[300];
    devices[i].backend->describe(&devices[i], one, sizeof one);
    used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "", one);
  }
  if (ndevices == 0) snprintf(buf, n, "none");
}

/* Why there is no device at all: each backend's note. */
static void no_device_notes(char *buf, size_t n) {
  snprintf(buf, n, "no device: %s; %s", rs_cuda_backend.note()[0] ? rs_cuda_backend.note() : "no CUDA device",
           rs_opencl_backend.note()[0] ? rs_opencl_backend.note() : "no OpenCL device");
}

/* Picks the device: among those ONEAPI_DEVICE_SELECTOR selects (every device when it is
 * unset), in backend order (CUDA, then OpenCL), the first that can run one of the
 * program's images. When none can, the first selected device is used, so that each
 * launch says why (DPC++'s kernel_not_supported messages). */
static int init_device(void) {
  if (cur) return RSYCL_OK;
  if (init_failed) return rs_fail(RSYCL_NO_DEVICE, "%s", init_failure);
  enumerate();
  const char *sel = getenv("ONEAPI_DEVICE_SELECTOR");
  struct rs_device *chosen[RS_MAX_DEVICES];
  size_t n = 0;
  for (size_t i = 0; i < ndevices; i++) {
    struct rs_device *d = &devices[i];
    if (sel) {
      char err[200];
      int m = rsycl_selector_matches(sel, d->backend->name, d->index, type_name(d->type), err, sizeof err);
      if (m < 0) {
        init_failed = 1;
        snprintf(init_failure, sizeof init_failure, "ONEAPI_DEVICE_SELECTOR=%s: %s", sel, err);
        return rs_fail(RSYCL_NO_DEVICE, "%s", init_failure);
      }
      if (!m) continue;
    }
    chosen[n++] = d;
  }
  for (size_t i = 0; i < n; i++)
    if (some_image_fits(chosen[i]) && open_device(chosen[i])) return RSYCL_OK;
  for (size_t i = 0; i < n; i++)
    if (open_device(chosen[i])) return RSYCL_OK;
  init_failed = 1;
  char all[500];
  list_devices(all, sizeof all);
  if (sel && ndevices > 0)
    snprintf(init_failure, sizeof init_failure, "ONEAPI_DEVICE_SELECTOR=%s matches no device; devices here: %s", sel,
             all);
  else if (ndevices > 0)
    snprintf(init_failure, sizeof init_failure, "no device could be opened; devices here: %s", all);
  else
    no_device_notes(init_failure, sizeof init_failure);
  return rs_fail(RSYCL_NO_DEVICE, "%s", init_failure);
}

const char *rsycl_device(void) { return init_device() == RSYCL_OK ? cur_description : ""; }

/* ---- Memory ------------------------------------------------------------------------ */

void *rsycl_malloc_shared(size_t bytes) {
  if (init_device() != RSYCL_OK) return calloc(1, bytes);
  return cur->backend->malloc_shared(cur, bytes);
}

void *rsycl_malloc_device(size_t bytes) {
  if (init_device() != RSYCL_OK) return calloc(1, bytes);
  return cur->backend->malloc_device(cur, bytes);
}

int rsycl_memcpy(void *dst, const void *src, size_t bytes) {
  if (cur) return cur->backend->copy(cur, dst, src, bytes);
  memcpy(dst, src, bytes);
  return RSYCL_OK;
}

void rsycl_free(void *p) {
  if (!p) return;
  if (cur)
    cur->backend->release(cur, p);
  else
    free(p);
}

/* ---- Programs ---------------------------------------------------------------------- */

/* Loaded programs: the backend's handle (a cl_program, a CUmodule) per image. */
static struct program { const struct rs_image *image; void *handle; } *programs;
static size_t nprograms, cap_programs;

size_t rsycl_program_count(void) { return nprograms; }

static void *program_of(const struct rs_image *img, int *code) {
  for (size_t i = 0; i < nprograms; i++)
    if (programs[i].image == img) return programs[i].handle;
  void *handle = cur->backend->load(cur, img, code);
  if (!handle) return NULL;
  grow((void **)&programs, &cap_programs, nprograms, sizeof *programs);
  programs[nprograms].image = img;
  programs[nprograms++].handle = handle;
  return handle;
}

static int is_loaded(const struct rs_image *img) {
  for (size_t i = 0; i < nprograms; i++)
    if (programs[i].image == img) return 1;
  return 0;
}

/* ---- Launch ------------------------------------------------------------------------ */

/* The local size a launch of img must use: its required work-group size (one
 * dimension; the launch is one-dimensional), or 0 to let the runtime choose. */
static int required_local_size(const struct rs_image *img, const char *name, size_t global_size, size_t *local) {
  uint64_t d[3];
  *local = 0;
  size_t n = reqd_work_group_size(img, d);
  if (n == 0) return RSYCL_OK;
  /* The values are in SPIR-V order (reversed): the first is the fastest dimension. */
  if (d[1] != 1 || d[2] != 1)
    return rs_fail(RSYCL_KERNEL_NOT_SUPPORTED,
                   "kernel %s requires a %zu-dimensional work-group; rsycl launches over one dimension", name, n);
  if (d[0] == 0 || global_size % d[0] != 0)
    return rs_fail(RSYCL_KERNEL_NOT_SUPPORTED,
                   "Global size %zu is not a multiple of the required work-group size %llu of kernel %s", global_size,
                   (unsigned long long)d[0], name);
  *local = (size_t)d[0];
  return RSYCL_OK;
}

/* Why no image of kernel name was chosen. */
static int no_image(const char *name, int found) {
  if (found) return rs_fail(RSYCL_NO_IMAGE, "no device image of kernel %s can be loaded by %s", name, cur_description);
  /* Images of other families only: this device's targets were not built, or the build's
   * aspect filter dropped the kernel's image for them. */
  for (size_t i = 0; i < ndescs; i++)
    for (uint16_t j = 0; j < descs[i]->count; j++)
      if (has_entry(&descs[i]->images[j], name))
        return rs_fail(RSYCL_NO_IMAGE,
                       "kernel %s has no %s image for %s (there is a %s one): the binary was not built for this "
                       "device's targets, or the aspect filter dropped the kernel for them because they lack an "
                       "aspect it uses",
                       name, family_target(cur), cur_description, descs[i]->images[j].target);
  return rs_fail(RSYCL_NO_IMAGE, "no device image contains kernel %s", name);
}

int rsycl_launch(const char *name, const void *args, size_t args_size, size_t global_size) {
  last_error[0] = 0;
  int code = init_device();
  if (code != RSYCL_OK) return code;
  const struct rs_image *chosen = NULL;
  int found = 0, refused = 0, best = 0;
  char reason[sizeof last_error] = "";
  for (size_t i = 0; i < ndescs; i++)
    for (uint16_t j = 0; j < descs[i]->count; j++) {
      const struct rs_image *img = &descs[i]->images[j];
      /* Only images for the device's target family are candidates. */
      if (!of_family(img, cur) || !has_entry(img, name)) continue;
      found = 1;
      if (check_requirements(img, cur) != RSYCL_OK) {
        if (!refused) snprintf(reason, sizeof reason, "%s", last_error);
        refused = 1;
        continue;
      }
      int score = fit(img, cur);
      if (score > best) {
        best = score;
        chosen = img;
      }
    }
  if (!chosen) return refused ? rs_fail(RSYCL_KERNEL_NOT_SUPPORTED, "%s", reason) : no_image(name, found);
  if (!is_loaded(chosen)) {
    char kind[64];
    cur->backend->describe_image(chosen, kind, sizeof kind);
    rs_trace("kernel %s: image of target %s, %s, %zu bytes", name, chosen->target, kind,
             (size_t)(chosen->binary_end - chosen->binary_start));
    if (rs_find_prop(chosen, "rsycl/device_if", "has"))
      rs_trace("kernel %s: the device_if variant for this device's aspects", name);
  }
  size_t local = 0;
  if ((code = required_local_size(chosen, name, global_size, &local)) != RSYCL_OK) return code;
  void *program = program_of(chosen, &code);
  if (!program) return code;
  return cur->backend->launch(cur, program, name, args, args_size, global_size, local);
}
