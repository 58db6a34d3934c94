/* Contexts: creation, properties, info, notify and destructor callbacks. */
#include "common.h"
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int notify_calls, notify_nonempty, notify_bad_user_data;
static int user_token;

static void CL_CALLBACK notify(const char *errinfo, const void *private_info,
                               size_t cb, void *user_data)
{
    (void)private_info; (void)cb;
    pthread_mutex_lock(&lock);
    notify_calls++;
    if (errinfo && errinfo[0]) notify_nonempty++;
    if (user_data != &user_token) notify_bad_user_data++;
    pthread_mutex_unlock(&lock);
}

static int dtor_order[8], dtor_count, dtor_bad_ctx;
static cl_context dtor_ctx;

static void CL_CALLBACK ctx_dtor(cl_context ctx, void *user_data)
{
    pthread_mutex_lock(&lock);
    if (ctx != dtor_ctx) dtor_bad_ctx++;
    if (dtor_count < 8) dtor_order[dtor_count] = (int)(size_t)user_data;
    dtor_count++;
    pthread_mutex_unlock(&lock);
}

static int locked_read(int *v)
{
    pthread_mutex_lock(&lock);
    int r = *v;
    pthread_mutex_unlock(&lock);
    return r;
}

static cl_uint refcount(cl_context ctx)
{
    cl_uint n = 0;
    CHECK(clGetContextInfo(ctx, CL_CONTEXT_REFERENCE_COUNT, sizeof(n), &n, NULL));
    return n;
}

static void check_devices(cl_context ctx, cl_device_id expect)
{
    cl_uint nd = 0;
    size_t sz = 0;
    CHECK(clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, sizeof(nd), &nd, &sz));
    ASSERT(sz == sizeof(cl_uint) && nd >= 1, "NUM_DEVICES %u (size %zu)", nd, sz);
    CHECK(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, 0, NULL, &sz));
    ASSERT(sz == nd * sizeof(cl_device_id), "DEVICES size %zu for %u devices", sz, nd);
    cl_device_id *devs = malloc(sz);
    CHECK(clGetContextInfo(ctx, CL_CONTEXT_DEVICES, sz, devs, NULL));
    int found = expect == NULL;
    for (cl_uint i = 0; i < nd; i++) found |= devs[i] == expect;
    ASSERT(found, "device missing from CL_CONTEXT_DEVICES");
    free(devs);
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    cl_int err = CL_SUCCESS;

    /* Plain context, no properties. */
    cl_context c1 = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    CHECK_CODE(err, "clCreateContext");
    ASSERT(c1 != NULL, "NULL context");
    check_devices(c1, dev);
    size_t sz = 99;
    CHECK(clGetContextInfo(c1, CL_CONTEXT_PROPERTIES, 0, NULL, &sz));
    ASSERT(sz == 0, "PROPERTIES size %zu for a context created without properties", sz);

    /* Reference counting. */
    ASSERT(refcount(c1) == 1, "initial reference count %u", refcount(c1));
    CHECK(clRetainContext(c1));
    ASSERT(refcount(c1) == 2, "reference count after retain %u", refcount(c1));
    CHECK(clRetainContext(c1));
    CHECK(clReleaseContext(c1));
    CHECK(clReleaseContext(c1));
    ASSERT(refcount(c1) == 1, "reference count after releases %u", refcount(c1));

    /* Properties: CL_CONTEXT_PLATFORM is returned as given. */
    cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    cl_context c2 = clCreateContext(props, 1, &dev, notify, &user_token, &err);
    CHECK_CODE(err, "clCreateContext(CL_CONTEXT_PLATFORM)");
    CHECK(clGetContextInfo(c2, CL_CONTEXT_PROPERTIES, 0, NULL, &sz));
    ASSERT(sz == sizeof(props), "PROPERTIES size %zu, expected %zu", sz, sizeof(props));
    cl_context_properties got[3] = {0};
    CHECK(clGetContextInfo(c2, CL_CONTEXT_PROPERTIES, sz, got, NULL));
    ASSERT(got[0] == props[0] && got[1] == props[1] && got[2] == 0, "PROPERTIES differ");
    check_devices(c2, dev);

    /* pfn_notify is told about an API error in its context. */
    cl_mem bad = clCreateBuffer(c2, CL_MEM_READ_WRITE, 0, NULL, &err);
    EXPECT_CODE(CL_INVALID_BUFFER_SIZE, err, "clCreateBuffer(size 0)");
    ASSERT(bad == NULL, "object returned on error");
    if (strict_mode()) {
        /* The callback may be asynchronous: wait for it (bounded). */
        for (int i = 0; i < 1000 && locked_read(&notify_calls) == 0; i++) sleep_ms(10);
        ASSERT(locked_read(&notify_calls) >= 1, "pfn_notify not called for an API error");
        ASSERT(locked_read(&notify_nonempty) >= 1, "pfn_notify got an empty errinfo");
    }
    ASSERT(locked_read(&notify_bad_user_data) == 0, "pfn_notify got the wrong user_data");

    /* Destructor callbacks run in reverse registration order. */
    dtor_ctx = c2;
    for (size_t i = 1; i <= 3; i++)
        CHECK(clSetContextDestructorCallback(c2, ctx_dtor, (void *)i));
    EXPECT_ERR(CL_INVALID_VALUE, clSetContextDestructorCallback(c2, NULL, NULL));
    CHECK(clRetainContext(c2));
    CHECK(clReleaseContext(c2));
    ASSERT(locked_read(&dtor_count) == 0, "destructor callback ran while still referenced");
    CHECK(clReleaseContext(c2));
    for (int i = 0; i < 1000 && locked_read(&dtor_count) < 3; i++) sleep_ms(10);
    ASSERT(locked_read(&dtor_count) == 3, "%d destructor callbacks ran", dtor_count);
    ASSERT(dtor_order[0] == 3 && dtor_order[1] == 2 && dtor_order[2] == 1,
           "destructor order %d %d %d", dtor_order[0], dtor_order[1], dtor_order[2]);
    ASSERT(dtor_bad_ctx == 0, "destructor callback got the wrong context");

    /* From type. */
    cl_context c3 = clCreateContextFromType(props, CL_DEVICE_TYPE_DEFAULT, NULL, NULL, &err);
    CHECK_CODE(err, "clCreateContextFromType(DEFAULT)");
    check_devices(c3, NULL);
    CHECK(clReleaseContext(c3));
    c3 = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, notify, &user_token, &err);
    CHECK_CODE(err, "clCreateContextFromType(ALL)");
    check_devices(c3, dev);
    CHECK(clReleaseContext(c3));
    cl_device_type dtype = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_TYPE, sizeof(dtype), &dtype, NULL));
    dtype &= CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR;
    if (dtype) {
        c3 = clCreateContextFromType(props, dtype, NULL, NULL, &err);
        CHECK_CODE(err, "clCreateContextFromType(type of device 0)");
        check_devices(c3, dev);
        CHECK(clReleaseContext(c3));
    }
    c3 = clCreateContextFromType(props, CL_DEVICE_TYPE_CUSTOM, NULL, NULL, &err);
    EXPECT_CODE(CL_DEVICE_NOT_FOUND, err, "clCreateContextFromType(CUSTOM)");
    /* PoCL returns a non-NULL context together with CL_DEVICE_NOT_FOUND */
    ASSERT(c3 == NULL || !strict_mode(), "context returned on error");
    c3 = clCreateContextFromType(props, (cl_device_type)1 << 40, NULL, NULL, &err);
    if (err != CL_INVALID_DEVICE_TYPE && (strict_mode() || err != CL_DEVICE_NOT_FOUND))
        FAIL_EXPECT_("clCreateContextFromType(bad type)", CL_INVALID_DEVICE_TYPE, err);

    /* Creation errors. */
    cl_context c4;
    c4 = clCreateContext(NULL, 0, &dev, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateContext(num_devices 0)");
    ASSERT(c4 == NULL, "context returned on error");
    c4 = clCreateContext(props, 1, NULL, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateContext(devices NULL)");
    c4 = clCreateContext(NULL, 1, &dev, NULL, &user_token, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateContext(user_data without pfn_notify)");
    c4 = clCreateContextFromType(props, CL_DEVICE_TYPE_ALL, NULL, &user_token, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateContextFromType(user_data without pfn_notify)");
    cl_device_id with_null[2] = {dev, NULL};
    c4 = clCreateContext(props, 2, with_null, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_DEVICE, err, "clCreateContext(NULL device in list)");
    cl_context_properties unknown[] = {0x7777, 1, 0};
    c4 = clCreateContext(unknown, 1, &dev, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_PROPERTY, err, "clCreateContext(unknown property)");
    cl_context_properties twice[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
                                     CL_CONTEXT_PLATFORM, (cl_context_properties)platform, 0};
    c4 = clCreateContext(twice, 1, &dev, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_PROPERTY, err, "clCreateContext(property given twice)");
    /* CL_CONTEXT_INTEROP_USER_SYNC takes CL_TRUE or CL_FALSE: another value is invalid. */
    cl_context_properties badsync[] = {CL_CONTEXT_INTEROP_USER_SYNC, -1, 0};
    c4 = clCreateContext(badsync, 1, &dev, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_PROPERTY, err, "clCreateContext(INTEROP_USER_SYNC = -1)");
    /* (the ICD loader needs the platform named to pass a FromType call on) */
    cl_context_properties badsync2[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)platform,
                                        CL_CONTEXT_INTEROP_USER_SYNC, -1, 0};
    c4 = clCreateContextFromType(badsync2, CL_DEVICE_TYPE_ALL, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_PROPERTY, err, "clCreateContextFromType(INTEROP_USER_SYNC = -1)");
    cl_context_properties sync[] = {CL_CONTEXT_INTEROP_USER_SYNC, CL_TRUE, 0};
    c4 = clCreateContext(sync, 1, &dev, NULL, NULL, &err);
    CHECK_CODE(err, "clCreateContext(INTEROP_USER_SYNC = CL_TRUE)");
    CHECK(clReleaseContext(c4));
    cl_context_properties nullplat[] = {CL_CONTEXT_PLATFORM, 0, 0};
    c4 = clCreateContext(nullplat, 1, &dev, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_PLATFORM, err, "clCreateContext(NULL platform property)");
    if (env_flag("TEST_ALLOW_FAKE_HANDLES")) {
        static char fake[64];
        cl_context_properties fakeplat[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)fake, 0};
        c4 = clCreateContext(fakeplat, 1, &dev, NULL, NULL, &err);
        EXPECT_CODE(CL_INVALID_PLATFORM, err, "clCreateContext(invalid platform property)");
        cl_device_id fakedev = (cl_device_id)fake;
        c4 = clCreateContext(NULL, 1, &fakedev, NULL, NULL, &err);
        EXPECT_CODE(CL_INVALID_DEVICE, err, "clCreateContext(invalid device)");
    }
    /* errcode_ret may be NULL */
    c4 = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
    ASSERT(c4 != NULL, "clCreateContext without errcode_ret failed");
    CHECK(clReleaseContext(c4));

    /* Info errors. */
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetContextInfo(c1, CL_CONTEXT_REFERENCE_COUNT, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetContextInfo(c1, CL_CONTEXT_DEVICES, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetContextInfo(c1, 0x10FF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clGetContextInfo(NULL, CL_CONTEXT_NUM_DEVICES, 4, small, NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clRetainContext(NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clReleaseContext(NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clSetContextDestructorCallback(NULL, ctx_dtor, NULL));

    CHECK(clReleaseContext(c1));
    PASS("context");
}
