// Pulls the data files into .rodata with the assembler's .incbin (found through the target's
// header search path, "."). SwiftPM does not track these inputs: the data scripts touch this
// file after rewriting a data file so the next build picks it up.
#include "CSkyData.h"

#define SKY_EMBED(name, file)                                                                     \
    __asm__(".section .rodata\n"                                                                  \
            ".global sky_blob_" #name "_start\n"                                                  \
            ".global sky_blob_" #name "_end\n"                                                    \
            ".balign 16\n"                                                                        \
            "sky_blob_" #name "_start:\n"                                                         \
            ".incbin \"" file "\"\n"                                                              \
            "sky_blob_" #name "_end:\n"                                                           \
            ".previous\n");                                                                       \
    extern const unsigned char sky_blob_##name##_start[], sky_blob_##name##_end[];

SKY_EMBED(catalog, "catalog.bin")
SKY_EMBED(land, "land.bin")
SKY_EMBED(traffic_paris, "traffic-paris.bin")
SKY_EMBED(traffic_zurich, "traffic-zurich.bin")
SKY_EMBED(terrain, "terrain-N44W072.hgt")

const unsigned char *sky_data_catalog(unsigned long *length) {
    *length = (unsigned long)(sky_blob_catalog_end - sky_blob_catalog_start);
    return sky_blob_catalog_start;
}

const unsigned char *sky_data_land(unsigned long *length) {
    *length = (unsigned long)(sky_blob_land_end - sky_blob_land_start);
    return sky_blob_land_start;
}

const unsigned char *sky_data_traffic_paris(unsigned long *length) {
    *length = (unsigned long)(sky_blob_traffic_paris_end - sky_blob_traffic_paris_start);
    return sky_blob_traffic_paris_start;
}

const unsigned char *sky_data_traffic_zurich(unsigned long *length) {
    *length = (unsigned long)(sky_blob_traffic_zurich_end - sky_blob_traffic_zurich_start);
    return sky_blob_traffic_zurich_start;
}

const unsigned char *sky_data_terrain(unsigned long *length) {
    *length = (unsigned long)(sky_blob_terrain_end - sky_blob_terrain_start);
    return sky_blob_terrain_start;
}
